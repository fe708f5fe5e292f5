import Control
import Foundation
import ProgramTestSupport
import Settings
import Testing
import WAVTestSupport

@Suite("meditate schedule: kept in the library, listed by the service")
struct ScheduleCommandTests {
    @Test("a schedule added with no service running is kept, and the service started later lists and removes it")
    func addedWithoutServiceThenServed() throws {
        // Given a data folder and a runtime folder where no service runs
        let scratch = try Scratch()
        let environment = [
            "XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")
        ]
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)

        // When a weekday sit and hourly bells are scheduled, and a bad time is given
        let sit = try CLIRunner.run(
            ["schedule", "add", "--at", "06:30", "--days", "mon-fri", "sit", "--minutes", "20", "--interval", "5"],
            environment: environment)
        let bells = try CLIRunner.run(
            ["schedule", "add", "--every", "60", "--from", "09:00", "--to", "17:00", "bell", "--gong", "bell"],
            environment: environment)
        let bad = try CLIRunner.run(["schedule", "add", "--at", "6.30", "bell"], environment: environment)
        let badSit = try CLIRunner.run(
            ["schedule", "add", "--at", "06:30", "sit", "--minutes", "0"], environment: environment)

        // Then the two are added, each said in one line, and the bad ones refused with the reason
        #expect(
            sit.status == 0 && sit.stdout.hasPrefix("1  Mon-Fri 06:30  a sit --interval 5 --minutes 20"),
            "\(sit.stdout)\(sit.stderr)")
        #expect(
            bells.status == 0 && bells.stdout.contains("every 1 h 09:00-17:00  a bell --gong bell"), "\(bells.stdout)")
        #expect(
            bad.status == 64 && bad.stderr == "meditate: error: --at '6.30' is not a time of day (HH:MM or HH:MM:SS)\n",
            "\(bad.stderr)")
        #expect(badSit.status == 64 && badSit.stderr.contains("--minutes must be greater than 0"), "\(badSit.stderr)")

        // And a service started on that library lists both, each with its next instant
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let listed = try CLIRunner.run(["ctl", "schedule", "list", "--socket", service.socket, "--json"])
        let schedules = try #require(JSONValue.parse(listed.stdout.trimmingCharacters(in: .newlines)))["schedules"]
        #expect(schedules?.arrayCount == 2, "\(listed.stdout)")
        #expect(schedules?[0]?["options"] == ["minutes": "20", "interval": "5"], "\(listed.stdout)")
        #expect(schedules?[1]?["next"]?.numberValue ?? 0 > Date().timeIntervalSince1970, "\(listed.stdout)")

        // And removing one through the service leaves the other
        let removed = try CLIRunner.run(["ctl", "schedule", "remove", "1", "--socket", service.socket])
        #expect(removed.status == 0 && removed.stdout == "removed schedule 1\n", "\(removed.stdout)\(removed.stderr)")
        let left = try service.client().call("schedule.list")
        #expect(left["schedules"]?.arrayCount == 1 && left["schedules"]?[0]?["id"] == 2, "\(left.line)")
    }

    @Test(
        "a reminder is scheduled with its words and the sit it offers, said back as typed in English and German; words too long or a sit the plan refuses are one line"
    )
    func reminderIsScheduledAsTyped() throws {
        // Given a data folder where no service runs
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")]
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)

        // When a weekday reminder with the sitter's words, a bell and a sit of 20 minutes is added
        let added = try CLIRunner.run(
            [
                "schedule", "add", "--at", "07:00", "--days", "mon-fri", "remind", "--text", "Before the bus",
                "--bell", "--minutes", "20", "--noise", "pink"
            ], environment: environment)
        // Then it is kept and said back as its flags, in English and in German
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stdout.hasPrefix(
                "1  Mon-Fri 07:00  a reminder --bell --minutes 20 --noise pink --text 'Before the bus'"),
            "\(added.stdout)")
        let german = try CLIRunner.run(["schedule", "list", "--lang", "de"], environment: environment)
        #expect(german.stdout.hasPrefix("1  Mo-Fr 07:00  Erinnerung --bell"), "\(german.stdout)")

        // When its words are longer than a line of a notification, or two lines, or its sit is refused
        let long = try CLIRunner.run(
            ["schedule", "add", "--at", "07:00", "remind", "--text", String(repeating: "a", count: 201)],
            environment: environment)
        let twoLines = try CLIRunner.run(
            ["schedule", "add", "--at", "07:00", "remind", "--text", "one\ntwo"], environment: environment)
        let badSit = try CLIRunner.run(
            ["schedule", "add", "--at", "07:00", "remind", "--minutes", "0"], environment: environment)
        // Then each is one line, and nothing more is kept
        #expect(
            long.status == 64
                && long.stderr == "meditate: error: --text has 201 characters; a reminder says at most 200\n",
            "\(long.stderr)")
        #expect(
            twoLines.status == 64 && twoLines.stderr == "meditate: error: --text is one line\n", "\(twoLines.stderr)")
        #expect(badSit.status == 64 && badSit.stderr.contains("--minutes must be greater than 0"), "\(badSit.stderr)")
        let listed = try CLIRunner.run(["schedule", "list", "--json"], environment: environment)
        #expect(JSONValue.parse(listed.stdout)?["schedules"]?.arrayCount == 1, "\(listed.stdout)")
    }

    @Test(
        "--help after schedule add, or after the sit, play, bell or reminder it schedules, shows their options, adding nothing",
        arguments: [
            (["--help"], "--every <minutes>"), (["--at", "06:30", "sit", "--minutes", "5", "--help"], "ctl sit"),
            (["--at", "06:30", "play", "-h"], "ctl play"), (["--at", "06:30", "bell", "--help"], "--strikes <strikes>"),
            (["--at", "07:00", "remind", "--help"], "--text <text>")
        ])
    func helpIsShownNotScheduled(arguments: [String], shown: String) throws {
        // Given a data folder where no service runs
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")]
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)
        // When help is asked for
        let result = try CLIRunner.run(["schedule", "add"] + arguments, environment: environment)
        // Then it is shown on standard output, with success, and nothing is scheduled
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE:") && result.stdout.contains(shown), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let listed = try CLIRunner.run(["schedule", "list", "--json"], environment: environment)
        #expect(JSONValue.parse(listed.stdout)?["schedules"]?.arrayCount == 0, "\(listed.stdout)\(listed.stderr)")
    }

    @Test(
        "with no service running, adding or listing schedules says they sound only while one runs and how to run it, in English and German; --json and a running service say nothing of it"
    )
    func saysWhenNoServiceRingsThem() throws {
        // Given a library where no service runs
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")]
        let german = environment.merging(["LANG": "de_DE.UTF-8"]) { $1 }
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)

        // When a bell is scheduled, and the schedules are listed, in English, in German and as JSON
        let added = try CLIRunner.run(["schedule", "add", "--at", "07:00", "bell"], environment: environment)
        let listed = try CLIRunner.run(["schedule", "list"], environment: environment)
        let gelistet = try CLIRunner.run(["schedule", "list"], environment: german)
        let json = try CLIRunner.run(["schedule", "list", "--json"], environment: environment)

        // Then each line for a person says that only a running service sounds them, and how to run it
        #expect(added.status == 0 && added.stdout.hasPrefix("1  daily 07:00  a bell"), "\(added.stdout)")
        #expect(
            added.stderr
                == "meditate: no service runs: this schedule sounds only while `meditate serve` runs (systemctl --user enable --now meditate)\n",
            "\(added.stderr)")
        #expect(
            listed.stderr
                == "meditate: no service runs: schedules sound only while `meditate serve` runs (systemctl --user enable --now meditate)\n",
            "\(listed.stderr)")
        #expect(
            gelistet.stderr
                == "meditate: es läuft kein Dienst: Pläne erklingen nur, während `meditate serve` läuft (systemctl --user enable --now meditate)\n",
            "\(gelistet.stderr)")
        // And JSON is left as data
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")

        // And with a service running on that library, nothing of it is said
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let served = try CLIRunner.run(["schedule", "list", "--socket", service.socket], environment: environment)
        #expect(served.status == 0 && served.stdout.hasPrefix("1  daily 07:00  a bell"), "\(served.stdout)")
        #expect(served.stderr.isEmpty, "\(served.stderr)")
    }

    @Test("a schedule added at a time another sounds too is added, and says which and when, in English and German")
    func clashingScheduleSaysSo() throws {
        // Given a weekday sit at 06:30 in a library where no service runs
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")]
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)
        let first = try CLIRunner.run(
            ["schedule", "add", "--at", "06:30", "--days", "mon-fri", "sit"], environment: environment)
        let noService =
            "meditate: no service runs: this schedule sounds only while `meditate serve` runs (systemctl --user enable --now meditate)\n"
        #expect(first.status == 0 && first.stderr == noService, "\(first.stderr)")
        // When another sit is added at 06:30 daily, and one at 06:30 on the weekend only
        let second = try CLIRunner.run(["schedule", "add", "--at", "06:30", "sit"], environment: environment)
        let weekend = try CLIRunner.run(
            ["schedule", "add", "--json", "--at", "06:30", "--days", "sat,sun", "sit"],
            environment: environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        // Then the daily one is added and says it meets the weekday one
        #expect(second.status == 0 && second.stdout.hasPrefix("2  daily 06:30  a sit"), "\(second.stdout)")
        #expect(
            second.stderr
                == "meditate: schedule 1 sounds at 06:30 too; when both are due, one of them is skipped\n" + noService,
            "\(second.stderr)")
        // And the weekend one meets only the daily one, in its JSON
        let answer = try #require(JSONValue.parse(weekend.stdout.trimmingCharacters(in: .newlines)))
        #expect(answer["clashes"] == [["schedule": 2, "at": "06:30"]], "\(weekend.stdout)")
        #expect(weekend.stderr.isEmpty, "\(weekend.stderr)")
        // And in German the line says it so
        let again = try CLIRunner.run(
            ["schedule", "add", "--at", "06:30", "--days", "sun", "bell"],
            environment: environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        #expect(
            again.stderr.hasPrefix(
                "meditate: Plan 2 erklingt auch um 06:30; sind beide fällig, wird einer übersprungen\n"),
            "\(again.stderr)")
    }

    @Test("a time written first, as cron and at have it, is refused with where the time goes, adding nothing")
    func timeFirstIsShownWhereItGoes() throws {
        // Given a data folder where no service runs
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")]
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)
        // When a person writes the time before what to do, in English and in German
        let english = try CLIRunner.run(
            ["schedule", "add", "07:00", "bell", "--gong", "bell"], environment: environment)
        let german = try CLIRunner.run(
            ["schedule", "add", "6:30", "--minutes", "20"],
            environment: environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        // Then one line says to give it with --at, and nothing is scheduled
        #expect(english.status == 64, "\(english.stderr)")
        #expect(
            english.stderr
                == "meditate: error: '07:00' is a time: give it with --at (meditate schedule add --at 07:00 bell)\n",
            "\(english.stderr)")
        #expect(
            german.stderr
                == "meditate: Fehler: '6:30' ist eine Uhrzeit: gib sie mit --at an (meditate schedule add --at 6:30 sit)\n",
            "\(german.stderr)")
        let listed = try CLIRunner.run(["schedule", "list", "--json"], environment: environment)
        #expect(JSONValue.parse(listed.stdout)?["schedules"]?.arrayCount == 0, "\(listed.stdout)\(listed.stderr)")
    }

    @Test("random bells in a window no longer than their shortest gap, which would hardly ever ring, are refused")
    func randomWindowShorterThanTheGapIsRefused() throws {
        // Given a data folder where no service runs
        let scratch = try Scratch()
        let environment = ["XDG_DATA_HOME": scratch.path("data"), "XDG_RUNTIME_DIR": scratch.path("runtime")]
        try FileManager.default.createDirectory(atPath: scratch.path("runtime"), withIntermediateDirectories: true)
        // When bells 30 to 90 minutes apart are asked for from 09:00 to 09:30, in English and in
        // German, and from 09:00 to 09:31
        let window = ["schedule", "add", "--random", "30-90", "--from", "09:00"]
        let english = try CLIRunner.run(window + ["--to", "09:30", "bell"], environment: environment)
        let german = try CLIRunner.run(
            window + ["--to", "09:20", "bell"], environment: environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
        let longer = try CLIRunner.run(window + ["--to", "09:31", "bell"], environment: environment)
        // Then the first two are refused with why, and the third is kept
        let englishLine =
            "meditate: error: --from 09:00 to --to 09:30 is no longer than the shortest gap (30 min): "
            + "the first bell falls a gap after --from, so it would hardly ever ring\n"
        let germanLine =
            "meditate: Fehler: --from 09:00 bis --to 09:20 ist nicht länger als der kürzeste Abstand (30 Min.): "
            + "die erste Glocke kommt einen Abstand nach --from, sie würde also kaum je erklingen\n"
        #expect(english.status == 64, "\(english.stderr)")
        #expect(english.stderr == englishLine, "\(english.stderr)")
        #expect(german.status == 64, "\(german.stderr)")
        #expect(german.stderr == germanLine, "\(german.stderr)")
        #expect(longer.status == 0, "\(longer.stderr)")
        #expect(longer.stdout.contains("random 30-90 min 09:00-09:31"), "\(longer.stdout)")

        // And a client of the service is refused the same window, nothing added
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()
        let refusal = client.refusal(
            "schedule.add", ["action": "bell", "random": "30-90", "from": "09:00", "to": "09:30"])
        let reason =
            "from 09:00 and to 09:30 are no further apart than the shortest gap (30 min): "
            + "the first bell falls a gap after from, so it would hardly ever ring"
        #expect(refusal?.message == reason, "\(String(describing: refusal))")
        // And a window the wrong way round is refused alike on both faces, each in its own names
        let backwards = client.refusal(
            "schedule.add", ["action": "bell", "every": 60, "from": "17:00", "to": "09:00"])
        #expect(backwards?.message == "from 17:00 is after to 09:00", "\(String(describing: backwards))")
        let typed = try CLIRunner.run(
            ["schedule", "add", "--every", "60", "--from", "17:00", "--to", "09:00", "bell"], environment: environment)
        #expect(typed.stderr == "meditate: error: --from 17:00 is after --to 09:00\n", "\(typed.stderr)")
        let listed = try client.call("schedule.list")
        #expect(listed["schedules"]?.arrayCount == 1, "\(listed.line)")
    }

    @Test("a schedule paused for today skips today's bell and says so; resumed, it is listed as before")
    func pausedForToday() throws {
        // Given a service with a bell scheduled 12 s from now, and a subscriber (the bell's
        // output opens 2.5 s ahead: the pause from a second process must come before, even
        // under ThreadSanitizer on a busy machine)
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        let due = Date().addingTimeInterval(12)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        _ = try service.client().call("schedule.add", ["action": "bell", "at": .string(formatter.string(from: due))])

        // When it is paused for today from the terminal
        let paused = try CLIRunner.run(["ctl", "schedule", "pause", "1", "--socket", service.socket])
        let missing = try CLIRunner.run(["ctl", "schedule", "pause", "7", "--socket", service.socket])

        // Then it is listed as paused, every client is told, and at its time it is skipped as paused
        #expect(paused.status == 0 && paused.stdout.contains("(paused for today)"), "\(paused.stdout)\(paused.stderr)")
        #expect(missing.status == 1 && missing.stderr.contains("no schedule 7"), "\(missing.stderr)")
        var seen: [JSONValue] = []
        while let event = try events.nextEvent(timeoutMilliseconds: 20_000) {
            seen.append(event)
            if event["event"] == "schedule-skipped" || event["event"] == "bell" { break }
        }
        let changed = try #require(seen.first { $0["event"] == "schedule-changed" }, "\(seen.map(\.line))")
        let until = changed["schedule"]?["pausedUntil"]?.numberValue ?? 0
        #expect(until > due.timeIntervalSince1970 && until <= due.timeIntervalSince1970 + 86_400 + 3600)
        #expect(seen.last?["event"] == "schedule-skipped" && seen.last?["reason"] == "paused", "\(seen.map(\.line))")

        // And resumed, it is no longer paused
        let resumed = try CLIRunner.run(["ctl", "schedule", "resume", "1", "--socket", service.socket, "--json"])
        let schedule = JSONValue.parse(resumed.stdout.trimmingCharacters(in: .newlines))?["schedule"]
        #expect(resumed.status == 0 && schedule?["id"] == 1 && schedule?["pausedUntil"] == nil, "\(resumed.stdout)")
    }

    @Test("a scheduled track that play.start would refuse (not audio, missing) is refused when the schedule is added")
    func scheduledTrackIsCheckedWhenAdded() throws {
        // Given a service, a file that is not audio, and a path to nothing
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let client = try service.client()
        let text = scratch.path("notes.txt")
        try "not audio".write(toFile: text, atomically: true, encoding: .utf8)

        for track in [text, scratch.path("missing.mp3"), "/etc/shadow"] {
            // When each is scheduled, and played at once
            let scheduled = client.refusal(
                "schedule.add", ["action": "play", "at": "06:30", "options": ["track": .string(track)]])
            let played = client.refusal("play.start", ["track": .string(track)])
            // Then the schedule is refused with the line play.start gives
            #expect(
                scheduled != nil && scheduled?.message == played?.message,
                "\(track): \(String(describing: scheduled)) / \(String(describing: played))")
        }
        // And nothing was scheduled
        #expect(try client.call("schedule.list")["schedules"] == [])
    }

    @Test("ctl bell rings a bell on the service at once, and a bad strike count gets the sit's own line")
    func ctlBell() throws {
        // Given a service and a subscriber
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        // When a bell is rung from the command line, and another with 11 strikes
        let rung = try CLIRunner.run(["ctl", "bell", "--gong", "bell", "--socket", service.socket])
        let refused = try CLIRunner.run(["ctl", "bell", "--strikes", "11", "--socket", service.socket])
        // Then the first is said and heard (its bell event), the second refused in one line
        #expect(rung.status == 0 && rung.stdout == "ringing: bell (bell)\n", "\(rung.stdout)\(rung.stderr)")
        var bell: JSONValue?
        while bell == nil, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            if event["event"] == "bell" { bell = event }
        }
        #expect(bell?["bell"] == "bell" && bell?["frame"] == 0, "\(bell?.line ?? "no bell event")")
        #expect(
            refused.status == 64 && refused.stderr == "meditate: error: --strikes must be between 1 and 10 (got 11)\n")
    }

    @Test(
        "a bell or a guided track started over a sit at another sample rate than the settings' plays at the sit's rate")
    func bellOrTrackOverASitAtItsRate() throws {
        // Given a service playing a long sit at 44.1 kHz (the settings say 48 kHz), and a subscriber
        let scratch = try Scratch()
        let service = try RunningService(["--backend", "alsa", "--device", "null"], scratch: scratch)
        defer { service.stop() }
        let events = try service.subscriber()
        _ = try service.client().call("sit.start", ["minutes": 600, "countdown": 0, "sample-rate": 44_100])
        // When a bell is rung from the command line
        let rung = try CLIRunner.run(["ctl", "bell", "--gong", "bell", "--socket", service.socket])
        // Then it rings (one output plays one rate at a time: it takes the sit's)
        #expect(rung.status == 0 && rung.stdout == "ringing: bell (bell)\n", "\(rung.stdout)\(rung.stderr)")
        var bell: JSONValue?
        while bell == nil, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            if event["event"] == "bell" && event["bell"] == "bell" { bell = event }
        }
        #expect(bell?["frame"] == 0, "\(bell?.line ?? "no bell event")")

        // When a guided track that names no rate is played over the sit, asking for it back
        let track = scratch.path("tone.wav")
        let tone = (0..<(2 * 48_000)).flatMap { frame -> [Float] in
            let sample = Float(0.2 * sin(2 * Double.pi * 440 * Double(frame) / 48_000))
            return [sample, sample]
        }
        try writeFloatWAV(path: track, samples: tone, sampleRate: 48_000, channels: 2)
        let played = try service.client().call(
            "play.start", ["track": .string(track), "normalize": false, "resume": true])
        // Then it plays too (at the sit's rate), holding the sit
        #expect(played["session"]?["kind"] == "guided", "\(played.line)")
        _ = try service.client().call("stop")
    }
}
