import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// What each browser test stands on: the sink's lock (every one plays to the private
/// PulseAudio server, where a sit takes its time, where ALSA's null device would play it in a
/// moment), a scratch folder, and a `meditate serve --listen` whose sits count down 2 s, with
/// the page's address (and the pairing token in it: loopback asks for it too).
final class PageService {
    let lock = PulseSinkLock()
    let scratch: Scratch
    let service: RunningService
    let url: String

    /// Listening on loopback, or on every address with the token; on `port`, or one the system
    /// chooses; `settings`, lines of config.toml before its preset.
    init(everywhere: Bool = false, port: Int = 0, settings: String = "") throws {
        scratch = try Scratch()
        let config = scratch.path("config")
        try FileManager.default.createDirectory(atPath: config + "/meditate", withIntermediateDirectories: true)
        try "countdown = 2\n\(settings)\n[preset.evening]\nminutes = 0.2\nnoise = \"pink\"\n".write(
            toFile: config + "/meditate/config.toml", atomically: true, encoding: .utf8)
        service = try RunningService(
            [
                "--backend", "pulse", "--latency-ms", "300", "--listen",
                "\(everywhere ? "0.0.0.0" : "127.0.0.1"):\(port)"
            ],
            scratch: scratch, environment: ["XDG_CONFIG_HOME": config])
        let web = try service.client().call("hello")["web"]?.stringValue ?? ""
        guard let bound = Int(web.split(separator: ":").last?.split(separator: "/").first ?? "") else {
            throw BrowserPage.Failure(description: "hello gave no address: \(web)")
        }
        let log = service.waitForLog(containing: "?token=")
        url =
            "http://127.0.0.1:\(bound)/?token="
            + (log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? "")
    }

    /// A browser on the page's Sit view, once its form has its values (the presets are there).
    func openSitForm() throws -> BrowserPage {
        let page = try BrowserPage()
        try page.open(url + "#sit")
        try page.waitForText("#presets", containing: "evening")
        return page
    }

    /// Stops the service and lets go of the sink: `defer { fixture.stop() }` also keeps the
    /// fixture (and its lock) alive to the end of the test.
    func stop() {
        service.stop()
        withExtendedLifetime(lock) {}
    }
}
