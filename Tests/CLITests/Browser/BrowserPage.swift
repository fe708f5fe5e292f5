import Control
import Foundation
import ProgramTestSupport
import PulseTestSupport
import Testing

/// A headless Chromium at a phone's size (Debian's chromium and chromium-driver, through
/// Selenium), driven by `browser_remote.py` one command at a time; the test asserts on what
/// it answers.
final class BrowserPage {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether the browser can run here: `make test` installs it. Under CI it must, and a
    /// missing browser fails the tests instead of skipping them.
    static var available: Bool {
        if ProcessInfo.processInfo.environment["CI"] != nil || RequiredTools.areRequired { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else { return false }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import selenium, axe_selenium_python"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered: [UInt8] = []

    /// `language` is the browser's (`en`, `de`); `scheme` what it prefers (`dark`, `light`);
    /// `size` the phone's screen in CSS pixels.
    init(language: String = "en", scheme: String = "dark", size: String = "360x740") throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "browser_remote.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--lang", language, "--scheme", scheme, "--size", size]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard try reply(seconds: 60)["ok"] == true else { throw Failure(description: "the browser did not start") }
    }

    deinit {
        try? input.fileHandleForWriting.write(contentsOf: Data("{\"quit\":true}\n".utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
    }

    /// Sends one command and returns its value; a command the browser could not carry out throws.
    @discardableResult
    func send(_ command: JSONValue, seconds: Double = 60) throws -> JSONValue {
        try input.fileHandleForWriting.write(contentsOf: Data((command.line + "\n").utf8))
        let answer = try reply(seconds: seconds)
        guard answer["ok"] == true else {
            throw Failure(description: "\(command.line): \(answer["error"]?.stringValue ?? "?")")
        }
        return answer["value"] ?? .null
    }

    func open(_ url: String) throws { try send(["open": .string(url)]) }
    func click(_ css: String) throws { try send(["click": .string(css)]) }
    func fill(_ css: String, _ text: String) throws { try send(["fill": .string(css), "text": .string(text)]) }
    func text(_ css: String) throws -> String { try send(["text": .string(css)]).stringValue ?? "" }
    func script(_ body: String) throws -> JSONValue { try send(["script": .string(body)]) }
    func screenshot(_ path: String) throws { try send(["screenshot": .string(path)]) }

    /// Waits until the element's visible text contains `text`; returns the text.
    @discardableResult
    func waitForText(_ css: String, containing text: String, seconds: Double = 10) throws -> String {
        try send(
            ["waitText": .string(css), "contains": .string(text), "seconds": .number(seconds)], seconds: seconds + 30
        ).stringValue ?? ""
    }

    /// axe-core's violations of the WCAG 2 A and AA rules on the page as it stands.
    func accessibilityViolations() throws -> [JSONValue] {
        guard case let .array(violations) = try send(["axe": true]) else { return [] }
        return violations
    }

    private func reply(seconds: Double) throws -> JSONValue {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                guard let value = JSONValue.parse(line) else { throw Failure(description: "not JSON: \(line)") }
                return value
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "the browser did not answer in \(seconds) s") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) >= 0 else { continue }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser went away") }
            buffered += chunk[..<count]
        }
    }
}
