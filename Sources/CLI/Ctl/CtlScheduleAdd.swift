import ArgumentParser
import Control
import Library
import Localization
import Service
import Settings

/// `meditate schedule add --at 06:30 --days mon-fri sit --preset morning`: when, then what,
/// with the options of `meditate sit`, `meditate play` or `meditate ctl bell`.
struct CtlScheduleAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: localized(
            "Add a schedule: when (--at, or --every with --from and --to), then `sit`, `play` TRACK, `bell` or `remind` with their options.",
            de:
                "Fügt einen Plan hinzu: wann (--at, oder --every mit --from und --to), dann `sit`, `play` AUFNAHME, `bell` oder `remind` mit ihren Optionen."
        ))

    @Option(
        help: .localized(
            "A time of day, HH:MM or HH:MM:SS.", de: "Eine Uhrzeit, HH:MM oder HH:MM:SS.", valueName: "time"))
    var at: String?

    @Option(
        help: .localized(
            "Every N minutes from --from to --to (bells on the clock).",
            de: "Alle N Minuten von --from bis --to (Glocken nach der Uhr).", valueName: "minutes"))
    var every: Int?

    @Option(
        help: .localized(
            "At random moments MIN to MAX minutes apart from --from to --to, e.g. 30-90, drawn anew each day (the next is not shown).",
            de:
                "Zu zufälligen Zeiten, MIN bis MAX Minuten auseinander, von --from bis --to, z. B. 30-90, jeden Tag neu gezogen (die nächste wird nicht gezeigt).",
            valueName: "min-max"))
    var random: String?

    @Option(
        help: .localized(
            "The first time of --every or --random.", de: "Die erste Zeit von --every oder --random.", valueName: "time"
        ))
    var from: String?

    @Option(
        help: .localized(
            "The last time of --every or --random.", de: "Die letzte Zeit von --every oder --random.", valueName: "time"
        ))
    var to: String?

    @Option(
        help: .localized(
            "Days of the week: `daily` (the default), `weekdays`, `weekends`, `mon-fri`, `sat,sun` or `mon,wed,fri`.",
            de: "Wochentage: `daily` (der Standard), `weekdays`, `weekends`, `mon-fri`, `sat,sun` oder `mon,wed,fri`.",
            valueName: "days"))
    var days: String?

    @Flag(
        help: .localized(
            "Sound even while a sit or a track plays (otherwise it is skipped then).",
            de: "Auch erklingen, während ein Sitzen oder eine Aufnahme läuft (sonst fällt es dann aus)."))
    var over = false

    @OptionGroup var options: CtlOptions

    @Argument(
        parsing: .captureForPassthrough,
        help: .localized(
            "`sit`, `play` TRACK, `bell` or `remind` (a reminder to sit, silent unless --bell), with their options.",
            de:
                "`sit`, `play` AUFNAHME, `bell` oder `remind` (eine Erinnerung ans Sitzen, still ohne --bell), mit ihren Optionen.",
            valueName: "what"))
    var what: [String] = []

    func run() throws {
        let params = try self.params()
        let (result, byService) = try ScheduleCall.perform("schedule.add", params, options: options) { database in
            let added = try ScheduleMethods.add(database, ScheduleParams.decoded(params))
            return try ScheduleMethods.added(database, added, next: ScheduleMethods.nextFromNow(added))
        }
        print(options.json ? result.line : ScheduleText.line(result["schedule"] ?? [:]))
        // Last, after any clash: what matters most once the schedule is in.
        defer { ScheduleCall.tellWhenNoServiceRuns(byService: byService, options: options, added: true) }
        guard !options.json, case let .array(clashes)? = result["clashes"] else { return }
        let say = NoticeLine.teller(quiet: false)
        for clash in clashes {
            guard let id = clash["schedule"]?.intValue, let at = clash["at"]?.stringValue else { continue }
            say(
                localized(
                    "schedule \(id) sounds at \(at) too; when both are due, one of them is skipped",
                    de: "Plan \(id) erklingt auch um \(at); sind beide fällig, wird einer übersprungen"))
        }
    }

    private func params() throws -> JSONValue {
        // The arguments after `add`'s own are passed through unparsed, `--help` with them: it
        // asks for `add`'s help before what, and for what's (the options of `ctl sit`, `ctl
        // play` or `ctl bell`, which it takes) after.
        let asksForHelp = { (argument: String) in argument == "--help" || argument == "-h" }
        if what.first.map(asksForHelp) == true { throw CleanExit.helpRequest(self) }
        if what.dropFirst().contains(where: asksForHelp) {
            switch what.first {
            case "sit": throw CleanExit.helpRequest(CtlSit.self)
            case "play": throw CleanExit.helpRequest(CtlPlay.self)
            case "bell": throw CleanExit.helpRequest(CtlBell.self)
            case "remind": throw CleanExit.helpRequest(CtlRemind.self)
            default: break
            }
        }
        guard let action = what.first else {
            throw ValidationError(
                localized(
                    "say what to schedule: `sit`, `play` TRACK, `bell` or `remind`",
                    de: "sag, was geplant wird: `sit`, `play` AUFNAHME, `bell` oder `remind`"))
        }
        let arguments = Array(what.dropFirst())
        let request: JSONValue
        do {
            switch action {
            case "sit": request = try JSONValue(encoding: SitArguments.parse(arguments).request)
            case "play": request = try JSONValue(encoding: PlayArguments.parse(arguments).request)
            case "bell": request = try JSONValue(encoding: BellArguments.parse(arguments).request)
            case "remind": request = try JSONValue(encoding: RemindArguments.parse(arguments).request)
            default:
                // `schedule add 07:00 sit`, as cron and `at` would have it: say where the time goes.
                if action.wholeMatch(of: #/\d{1,2}:\d{2}(:\d{2})?/#) != nil {
                    let next = arguments.first.flatMap { Completer.scheduled.contains($0) ? $0 : nil } ?? "sit"
                    throw ValidationError(
                        localized(
                            "'\(action)' is a time: give it with --at (meditate schedule add --at \(action) \(next))",
                            de:
                                "'\(action)' ist eine Uhrzeit: gib sie mit --at an (meditate schedule add --at \(action) \(next))"
                        ))
                }
                throw ValidationError(
                    localized(
                        "'\(action)' cannot be scheduled; `sit`, `play`, `bell` or `remind` can",
                        de: "'\(action)' kann nicht geplant werden; `sit`, `play`, `bell` oder `remind` schon"))
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError(ErrorMessages.line(for: error))
        }
        try checkWhen()
        var members: [String: JSONValue] = ["action": .string(action), "options": request]
        if let at { members["at"] = .string(at) }
        if let every { members["every"] = .number(every) }
        if let random { members["random"] = .string(random) }
        if let from { members["from"] = .string(from) }
        if let to { members["to"] = .string(to) }
        if let days { members["days"] = .string(days) }
        if over { members["over"] = true }
        return .object(members)
    }

    /// When it sounds, checked here as the service checks it, so that a refusal names the
    /// flags typed (the service's names the protocol's members).
    private func checkWhen() throws {
        let when = ScheduleWhen(
            at: at, every: every.map { .number(Double($0)) }, random: random, from: from, to: to, days: days)
        do {
            _ = try when.times()
            _ = try when.weekdays()
        } catch {
            throw ValidationError(error.line(flags: true))
        }
    }
}
