import Control
import Foundation
import ProgramTestSupport
import Settings
import Testing

@testable import CLI
@testable import Service

/// The command line and the protocol build one value: what `meditate ctl sit …` parses from
/// argv is what `sit.start` decodes from the same options as params, with no text between.
@Suite struct TypedRequestTests {
    @Test("argv and params of a sit, a track and a bell are the same typed requests")
    func argvAndParamsAreTheSameRequest() throws {
        // Given the same options as a command line and as params
        let sit = try SitArguments.parse([
            "--minutes", "20", "--interval", "none", "--bells", "5,12.5", "--noise", "pink", "--noise-volume=0.2",
            "--seed", "9", "--preset", "morning"
        ]).request
        let track = try PlayArguments.parse(["--then", "10", "--no-normalize", "--strikes", "2", "--", "-dash"]).request
        let bell = try BellArguments.parse(["--gong", "bell", "--strikes", "3", "--gong-volume", "0.5"]).request
        // When the params are decoded as the service decodes them
        let sitParams: JSONValue = [
            "minutes": 20, "interval": nil, "bells": [5, 12.5], "noise": "pink", "noise-volume": 0.2, "seed": 9,
            "preset": "morning"
        ]
        let trackParams: JSONValue = ["track": "-dash", "then": 10, "normalize": false, "strikes": 2]
        let bellParams: JSONValue = ["gong": "bell", "strikes": 3, "gong-volume": 0.5]
        // Then each is the value the command line built
        #expect(try ParamsDecoder.decode(SitRequest.self, sitParams) == sit)
        #expect(try ParamsDecoder.decode(PlayRequest.self, trackParams) == track)
        #expect(try ParamsDecoder.decode(BellRequest.self, bellParams) == bell)
        // And what `ctl` sends of them reads back as the same value
        #expect(try ParamsDecoder.decode(SitRequest.self, JSONValue(encoding: sit)) == sit)
        #expect(try ParamsDecoder.decode(PlayRequest.self, JSONValue(encoding: track)) == track)
    }

    @Test("a named choice is taken in any case from argv as from params and config.toml")
    func choicesInAnyCase() throws {
        // Given a colour and a walk's sounds written as a person might
        let argv = try SitArguments.parse(["--noise", "Pink", "--walk-sounds", "BOTH"]).request
        // When the same are sent as params
        let params = try ParamsDecoder.decode(SitRequest.self, ["noise": "Pink", "walk-sounds": "BOTH"])
        // Then both are the same sit, of pink noise, the bed and the bells while walking
        #expect(argv == params)
        #expect(argv.sound[SettingKeys.noise] == .pink && argv.sound[SettingKeys.walkSounds] == .both)
        #expect(try OutputOptions.parse(["--backend", "ALSA"]).backend == .alsa)
    }

    @Test("a bad value gets the same line from the command line and from the service's decoder")
    func aBadValueGetsOneLineInBoth() throws {
        for (flag, value) in [("minutes", "abc"), ("noise", "purple"), ("bells", "5,x"), ("countdown", "none")] {
            // Given a value an option does not take
            // When the command line parses it, and the service decodes it
            let cli = try CLIRunner.run(["render", "--\(flag)", value, "-o", "/dev/null"])
            let service = refusal { () throws(RPCError) in
                _ = try ParamsDecoder.decode(SitRequest.self, .object([flag: .string(value)]))
            }
            // Then both say the same
            #expect(cli.stderr == "meditate: error: \(service?.message ?? "taken")\n", "\(flag)")
        }
        // And in German too
        let german = try CLIRunner.run(
            ["render", "--noise", "purple", "-o", "/dev/null"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(
            german.stderr
                == "meditate: Fehler: der Wert 'purple' passt nicht zu '--noise'; möglich sind 'white', 'pink', 'brown', 'ocean' oder 'none'\n"
        )
    }

    private func refusal(_ decode: () throws(RPCError) -> Void) -> RPCError? {
        do {
            try decode()
            return nil
        } catch {
            return error
        }
    }
}

extension TypedRequestTests {
    @Test("a negative number after its flag is that flag's value, refused by the flag's own check")
    func negativeValueIsTheFlagsValue() throws {
        // Given flags given negative numbers, as a person types them
        let minutes = try CLIRunner.run(["--minutes", "-1"])
        let render = try CLIRunner.run(["render", "--minutes", "-0.5", "-o", "/dev/null"])
        // Then each is refused for what it is, not as a missing value
        #expect(minutes.stderr == "meditate: error: --minutes must be greater than 0 (got -1)\n", "\(minutes.stderr)")
        #expect(render.stderr.contains("--minutes must be greater than 0 (got -0.5)"), "\(render.stderr)")
        // And after `--` an argument is left as it is
        #expect(
            Entry.negativeValuesJoined(["play", "--then", "-1", "--", "--x", "-2"]) == [
                "play", "--then=-1", "--", "--x", "-2"
            ])
        // And only a number is joined: a minus, maybe a point, a digit, then digits and points
        let numbers = ["-1", "-0.5", "-.5", "-15", "-1.2.3"]
        let others = ["-q", "--lang", "-", "-.", "-.x", "-1a", "-١", "1", ""]
        #expect(numbers.allSatisfy(Entry.isNegativeNumber), "\(numbers.filter { !Entry.isNegativeNumber($0) })")
        #expect(!others.contains(where: Entry.isNegativeNumber), "\(others.filter(Entry.isNegativeNumber))")
    }
}

extension TypedRequestTests {
    @Test("a refused segment list says which segment is wrong and why, alike from the command line and the service")
    func aRefusedSegmentListSaysWhy() throws {
        let cases = [
            ("sit 25, run 10", "'run 10' is neither sit nor walk"),
            ("sit 25,, walk 5", "segment 2 is empty (one comma too many?)"),
            (
                "sit 25 walk 10",
                "'sit 25 walk 10': sit or walk is followed by its minutes, e.g. walk 10 (and a comma before the next)"
            )
        ]
        for (list, reason) in cases {
            // Given a list that is no list of segments
            // When the command line parses it, and the service decodes it
            let cli = try CLIRunner.run(["render", "--segments", list, "-o", "/dev/null"])
            let service = refusal { () throws(RPCError) in
                _ = try ParamsDecoder.decode(SitRequest.self, .object(["segments": .string(list)]))
            }
            // Then both give the line for a refused value, and the reason after it
            let line = "'\(list)' is not a value for '--segments <list|none>': \(reason)"
            #expect(service?.message == line)
            #expect(cli.stderr == "meditate: error: \(line)\n")
            #expect(cli.status == 64)
        }
        // And a German sitter reads the reason in German
        let german = try CLIRunner.run(
            ["render", "--segments", "sitzen 20, laufen 5", "-o", "/dev/null"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(
            german.stderr
                == "meditate: Fehler: der Wert 'sitzen 20, laufen 5' passt nicht zu '--segments <list|none>': 'laufen 5' ist weder sit noch walk\n"
        )
    }
}
