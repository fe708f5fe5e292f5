import Foundation
import ProgramTestSupport
import Testing

/// A "service" that is not one: a Python program on a Unix socket that, once asked anything,
/// floods events and never answers (`flood`), or sends one line without end (`endless`).
private let hostileService = #"""
    import json, os, socket, sys
    path, mode = sys.argv[1], sys.argv[2]
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    connection, _ = server.accept()
    asked = json.loads(connection.recv(65536).split(b"\n")[0])
    if mode == "refuse":
        refusal = {"code": -32000, "message": "\x1b]0;owned\x07\x1b[2Jrefused"}
        connection.sendall(json.dumps({"jsonrpc": "2.0", "id": asked["id"], "error": refusal}).encode() + b"\n")
        connection.recv(1)
        sys.exit(0)
    event = b'{"jsonrpc":"2.0","method":"event","params":{"event":"noise","pad":"' + b"x" * 4000 + b'"}}\n'
    try:
        while True:
            connection.sendall(event if mode == "flood" else b"x" * 65536)
    except OSError:
        pass
    """#

/// What a client did against a hostile service: how it ended, what it said, its largest
/// resident size, and how long it took.
private struct ClientRun {
    let status: Int32
    let stderr: String
    let peakKiB: Int
    let seconds: Double
}

/// Runs `meditate ctl --socket SOCKET status` against the hostile service in `mode`, its memory
/// looked at every 20 ms, for at most 30 s.
private func runAgainstHostileService(_ mode: String) throws -> ClientRun {
    let scratch = try Scratch()
    let socket = scratch.path("hostile.sock")
    let script = scratch.path("hostile.py")
    try hostileService.write(toFile: script, atomically: true, encoding: .utf8)
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    server.arguments = [script, socket, mode]
    try server.run()
    defer { server.terminate() }
    let ready = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: socket) && Date() < ready { Thread.sleep(forTimeInterval: 0.02) }

    let client = Process()
    client.executableURL = CLIRunner.executable
    client.arguments = ["ctl", "--socket", socket, "status"]
    client.environment = CLIRunner.environment
    let errors = Pipe()
    client.standardError = errors
    client.standardOutput = FileHandle.nullDevice
    let started = Date()
    try client.run()
    var peak = 0
    let deadline = started.addingTimeInterval(30)
    while client.isRunning && Date() < deadline {
        peak = max(peak, residentKiB(of: client.processIdentifier, program: "meditate") ?? 0)
        Thread.sleep(forTimeInterval: 0.02)
    }
    if client.isRunning { client.terminate() }
    client.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return ClientRun(
        status: client.terminationStatus, stderr: said, peakKiB: peak, seconds: Date().timeIntervalSince(started))
}

@Suite("a client that a hostile service cannot hold")
struct HostileServiceTests {
    @Test("a service that floods events and never answers: the call ends at its deadline, its memory bounded")
    func floodingServiceCannotFillTheClient() throws {
        let run = try runAgainstHostileService("flood")
        // The call's one deadline (10 s), whatever keeps arriving
        #expect(run.status != 0)
        #expect(run.seconds < 20, "\(run.seconds) s")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        // 1024 events of 4 KB kept at most, not every one that came
        #expect(run.peakKiB < 64 * 1024, "\(run.peakKiB) KiB")
    }

    @Test("a service that sends one line without end: refused past the longest message, at once")
    func endlessLineIsRefused() throws {
        let run = try runAgainstHostileService("endless")
        #expect(run.status != 0)
        #expect(run.seconds < 5, "\(run.seconds) s")
        #expect(run.stderr.contains("a line of over"), "\(run.stderr)")
        #expect(run.peakKiB < 64 * 1024, "\(run.peakKiB) KiB")
    }

    @Test("a service's refusal is shown with its control characters escaped, never as escape sequences")
    func refusalIsShownSafely() throws {
        let run = try runAgainstHostileService("refuse")
        #expect(run.status != 0)
        #expect(run.stderr == "meditate: error: \\x1B]0;owned\\x07\\x1B[2Jrefused\n", "\(run.stderr)")
    }
}
