import Library
import Localization
import Settings

/// Why a schedule's time was refused. Said in the run's language, naming the protocol's
/// members (`from`) to a client of the service and the flags (`--from`) on the command line:
/// the same check, the words of whoever asked.
package enum ScheduleWhenRefusal: Error, Sendable, Equatable {
    package enum Name: String, Sendable {
        case at, every, random, from, to, days
    }

    case notATime(Name, String)
    case days(String)
    case oneOfThree
    case random(String)
    case every(String)
    case windowNeeded(Name)
    case fromAfterTo(from: String, to: String)
    case randomWindowTooShort(from: String, to: String, shortest: Int)
    case windowWithoutEvery
    case noTime
    case atWithEvery

    /// The one line: `flags` names `--from`, otherwise `from`.
    package func line(flags: Bool) -> String {
        let n = { (name: Name) in flags ? "--" + name.rawValue : name.rawValue }
        let most = ScheduleEntry.maxEveryMinutes
        switch self {
        case let .notATime(name, text):
            return localized(
                "\(n(name)) '\(ShownValue.short(text))' is not a time of day (HH:MM or HH:MM:SS)",
                de: "\(n(name)) '\(ShownValue.short(text))' ist keine Uhrzeit (HH:MM oder HH:MM:SS)")
        case let .days(text):
            return localized(
                "\(n(.days)) takes `daily`, `weekdays`, `weekends`, `mon-fri`, `sat,sun` or `mon,wed,fri`, not '\(ShownValue.short(text))'",
                de:
                    "\(n(.days)) nimmt `daily`, `weekdays`, `weekends`, `mon-fri`, `sat,sun` oder `mon,wed,fri`, nicht '\(ShownValue.short(text))'"
            )
        case .oneOfThree:
            return localized(
                "give \(n(.at)), \(n(.every)) or \(n(.random)), one of them",
                de: "gib \(n(.at)), \(n(.every)) oder \(n(.random)) an, nur eines")
        case let .random(text):
            return localized(
                "\(n(.random)) is the shortest and longest gap in whole minutes from 1 to \(most), e.g. 30-90, not '\(ShownValue.short(text))'",
                de:
                    "\(n(.random)) ist der kürzeste und längste Abstand in ganzen Minuten von 1 bis \(most), z. B. 30-90, nicht '\(ShownValue.short(text))'"
            )
        case let .every(text):
            return localized(
                "\(n(.every)) is a whole number of minutes from 1 to \(most), not \(ShownValue.short(text))",
                de: "\(n(.every)) ist eine ganze Zahl von Minuten von 1 bis \(most), nicht \(ShownValue.short(text))")
        case let .windowNeeded(name):
            let example = flags ? "--from 09:00 --to 17:00" : "\"from\": \"09:00\", \"to\": \"17:00\""
            return localized(
                "\(n(name)) needs \(n(.from)) and \(n(.to)) (e.g. \(example))",
                de: "\(n(name)) braucht \(n(.from)) und \(n(.to)) (z. B. \(example))")
        case let .fromAfterTo(from, to):
            return localized(
                "\(n(.from)) \(from) is after \(n(.to)) \(to)", de: "\(n(.from)) \(from) liegt nach \(n(.to)) \(to)")
        case let .randomWindowTooShort(from, to, shortest) where !flags:
            return localized(
                "from \(from) and to \(to) are no further apart than the shortest gap (\(shortest) min): the first bell falls a gap after from, so it would hardly ever ring",
                de:
                    "from \(from) und to \(to) liegen nicht weiter auseinander als der kürzeste Abstand (\(shortest) Min.): die erste Glocke kommt einen Abstand nach from, sie würde also kaum je erklingen"
            )
        case let .randomWindowTooShort(from, to, shortest):
            return localized(
                "\(n(.from)) \(from) to \(n(.to)) \(to) is no longer than the shortest gap (\(shortest) min): the first bell falls a gap after \(n(.from)), so it would hardly ever ring",
                de:
                    "\(n(.from)) \(from) bis \(n(.to)) \(to) ist nicht länger als der kürzeste Abstand (\(shortest) Min.): die erste Glocke kommt einen Abstand nach \(n(.from)), sie würde also kaum je erklingen"
            )
        case .windowWithoutEvery:
            return localized(
                "\(n(.from)) and \(n(.to)) go with \(n(.every)) or \(n(.random))",
                de: "\(n(.from)) und \(n(.to)) gehören zu \(n(.every)) oder \(n(.random))")
        case .noTime:
            let example =
                flags
                ? "--at 06:30, or --every MINUTES with --from and --to" : "at (\"06:30\"), or every with from and to"
            let beispiel =
                flags
                ? "--at 06:30, oder --every MINUTEN mit --from und --to" : "at (\"06:30\"), oder every mit from und to"
            return localized("say when: \(example)", de: "sag, wann: \(beispiel)")
        case .atWithEvery:
            return localized(
                "give \(n(.at)), or \(n(.every)) with \(n(.from)) and \(n(.to)), not both",
                de: "gib \(n(.at)) an, oder \(n(.every)) mit \(n(.from)) und \(n(.to)), nicht beides")
        }
    }
}
