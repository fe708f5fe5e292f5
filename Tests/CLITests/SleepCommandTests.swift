import Foundation
import ProgramTestSupport
import Testing

/// `meditate sleep`: the bed alone to fall asleep to, its [sleep] table, its place in the history.
@Suite("meditate sleep: a sound to fall asleep to")
struct SleepCommandTests {
    @Test("a sleep plays the bed alone, is kept in the history as a sleep, and counts in no total or streak")
    func sleepIsKeptButNotCounted() throws {
        // Given a data folder of its own with one 20-minute sit in it
        let history = try HistoryScratch()
        #expect(try history.importCSV("date,duration_minutes,note\n2026-11-20,20,\n").status == 0)

        // When a 6-second sleep plays on ALSA's null device
        let slept = try history.run(["sleep", "0.1", "--backend", "alsa", "--device", "null", "--fade-out", "2"])

        // Then it completes, the history lists it as a sleep of 6 s beside the sit
        #expect(slept.status == 0, "\(slept.stderr)")
        let rows = try history.run(["history", "--csv"]).stdout.split(separator: "\n")
        #expect(rows.count == 3, "\(rows)")
        #expect(rows.last?.hasSuffix(",0.1,true,sleep") == true, "\(rows)")
        #expect(rows.contains { $0.hasSuffix(",imported") }, "\(rows)")
        // And the stats count the sit alone: one session of 20 minutes
        let stats = try history.run(["stats", "--no-color"]).stdout
        #expect(stats.hasPrefix("sessions        1\ntotal           20 min\n"), "\(stats)")
    }

    @Test("config.toml's [sleep] sets a sleep's bed and fade; a fade longer than the sleep asked for is one line")
    func sleepTableAndRefusals() throws {
        // Given a [sleep] table whose bed names a file that is not there, under a top-level gong
        let scratch = try Scratch()
        let config = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try """
        gong = "bell"
        [sleep]
        ambience = "/nowhere/rain.ogg"
        fade-out = 60
        """.write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_HOME": scratch.path("data")]

        // When a sleep is asked for
        let named = try CLIRunner.run(["sleep", "5", "--backend", "alsa", "--device", "null"], environment: environment)
        // Then its bed is [sleep]'s, said with the file and line that named it
        #expect(named.status != 0)
        #expect(
            named.stderr == "meditate: error: \(config)/config.toml:3: ambience: '/nowhere/rain.ogg': no such file\n",
            "\(named.stderr)")

        // And a fade-out longer than the sleep, typed, is refused in one line with status 64
        let long = try CLIRunner.run(
            ["sleep", "1", "--noise", "pink", "--fade-out", "120", "--backend", "alsa", "--device", "null"],
            environment: environment)
        #expect(long.status == 64, "\(long.stderr)")
        #expect(
            long.stderr == "meditate: error: --fade-out (120 s) must be at most the sit's length (60 s)\n",
            "\(long.stderr)")

        // And [sleep]'s own fade of 60 s on a sleep of half a minute is shortened, not refused:
        // recorded, once the bed has risen (its first seconds) it falls over the rest of the
        // half minute (an equal-power fade of 30 s is at 0.97 at 5 s, 0.71 at 15 s, 0.26 at 25 s)
        let raw = scratch.path("short.raw")
        try writeALSACaptureDevice(home: scratch, raw: raw)
        let short = try CLIRunner.run(
            ["sleep", "0.5", "--noise", "pink", "--backend", "alsa", "--device", "meditate_capture"],
            environment: environment.merging(["HOME": scratch.url.path]) { $1 })
        #expect(short.status == 0, "\(short.stderr)")
        let samples = try floats(atPath: raw)
        func rms(fromSecond start: Int) -> Double {
            let window = samples.dropFirst(start * 96_000).prefix(96_000)
            return (window.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, window.count))).squareRoot()
        }
        #expect(samples.count >= 30 * 96_000, "\(samples.count) samples")
        let (first, middle, late) = (rms(fromSecond: 5), rms(fromSecond: 15), rms(fromSecond: 25))
        #expect(first > 0 && middle < first * 0.85 && late < first * 0.4, "\(first) \(middle) \(late)")
    }

    @Test("--gong none renders no gong: nothing before the bed, and exact zeros after its fade")
    func renderWithoutGong() throws {
        // Given a 12-s render with no gong, no bed and a countdown of 2 s
        let scratch = try Scratch()
        let path = scratch.path("none.wav")
        let result = try CLIRunner.run([
            "render", "--minutes", "0.2", "--countdown", "2", "--gong", "none", "--format", "f32", "-o", path
        ])

        // Then it is written, a tenth of a second past the sit's end, and every sample is zero
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let frames = (data.count - 44) / 8
        #expect(abs(frames - (14 * 48_000 + 4_800)) < 100, "\(frames) frames")
        #expect(data.dropFirst(100).allSatisfy { $0 == 0 })
    }
}
