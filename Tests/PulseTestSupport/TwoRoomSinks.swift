import Foundation

/// Two rooms on the private PulseAudio server, recorded as one: a four-channel null sink whose
/// front pair is room A's and rear pair room B's (each a remap sink on it). One capture of its
/// monitor holds both rooms on one time line, so that what two players play can be compared to
/// the sample. The modules are unloaded by their own indices.
public final class TwoRoomSinks {
    public let roomA: String
    public let roomB: String
    /// The four-channel sink, whose monitor holds both rooms.
    public let monitor: String
    private var modules: [String] = []

    public init(named name: String) throws {
        roomA = name + "_a"
        roomB = name + "_b"
        monitor = name + ".monitor"
        try load([
            "module-null-sink", "sink_name=\(name)", "rate=48000", "channels=4",
            "channel_map=front-left,front-right,rear-left,rear-right"
        ])
        for (room, pair) in [(roomA, "front-left,front-right"), (roomB, "rear-left,rear-right")] {
            try load([
                "module-remap-sink", "sink_name=\(room)", "master=\(name)", "channels=2",
                "master_channel_map=\(pair)", "channel_map=front-left,front-right", "remix=no"
            ])
        }
    }

    deinit {
        for module in modules.reversed() { _ = try? Self.pactl(["unload-module", module]) }
    }

    private func load(_ arguments: [String]) throws {
        let index = try Self.pactl(["load-module"] + arguments).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(index) != nil else { throw SinkError(description: "pactl load-module \(arguments[0]) failed") }
        modules.append(index)
    }

    /// How many streams play into the server's sinks now.
    public static func streams() throws -> Int {
        try pactl(["list", "short", "sink-inputs"]).split(separator: "\n").count
    }

    /// `pactl list sink-inputs`: every stream with its properties, as a desktop's mixer reads them.
    public static func streamProperties() throws -> String {
        try pactl(["list", "sink-inputs"])
    }

    private static func pactl(_ arguments: [String]) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    struct SinkError: Error, CustomStringConvertible {
        let description: String
    }
}
