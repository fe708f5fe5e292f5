import Control
import Foundation
import ProgramTestSupport
import Testing

@Suite("The service's output checked at its start")
struct ServiceOutputCheckTests {
    @Test(
        "the service says at its start what it will play through, or why that device does not open, and serves either way",
        arguments: [
            ("null", "output: ALSA null: float32, 48000 Hz"), ("nosuchpcm", "cannot open ALSA device 'nosuchpcm'")
        ])
    func outputCheckedAtStart(device: String, said: String) throws {
        // Given a service started on an ALSA device that exists, or on one that does not
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", device], scratch: scratch)
        defer { _ = service.stop() }

        // When a client says hello
        let hello = try service.client().call("hello")

        // Then the service answers, and its log said what became of its output before it listened
        #expect(hello["service"] == "meditate")
        let log = service.waitForLog(containing: "listening on")
        let line = log.split(separator: "\n").first { $0.contains("output: ") }.map(String.init) ?? ""
        #expect(line.contains(said), "\(log)")
        #expect(line.contains("warning") == (device == "nosuchpcm"), "\(line)")
        let checked = log.range(of: "output: ")?.lowerBound, listening = log.range(of: "listening on")?.lowerBound
        #expect(checked != nil && listening != nil && checked! < listening!, "\(log)")
    }
}
