import Clock
import Control
import Foundation
import Localization
import Logging
import Practice

/// A paired service on another machine whose connection was lost (a router restarted, a
/// laptop's Wi-Fi roaming): tried again each second, for `seconds` at most, until it answers or
/// Ctrl-C or SIGTERM comes. Shared by a followed sit (`sit --host`) and `ctl events`.
enum RemoteRetry {
    /// How long a lost service is tried again.
    static let seconds = 600.0
    /// How often a remote service that has gone quiet is asked: a network that drops out
    /// closes nothing, so the loss is noticed only by asking.
    static let aliveSeconds = 5.0

    /// Says the loss on `say` (with `sitPlaysOn`, that a sit followed plays on there), then
    /// calls `connect` each second; its connections, or nil when given up (said too) or
    /// interrupted. A service that answers and refuses (the token was replaced there, another
    /// service answers at its address) is not tried again: that is thrown.
    static func again<T>(
        _ label: String, after error: any Error, sitPlaysOn: Bool = true, say: (String) -> Void,
        connect: () throws -> T
    ) throws(RemoteError) -> T? {
        let line = (error as? ControlError)?.line ?? FailureLine.line(for: error)
        say(
            sitPlaysOn
                ? localized(
                    "the connection to \(label) was lost (\(line)); trying again, the sit plays on there",
                    de: "die Verbindung zu \(label) ist verloren (\(line)); neuer Versuch, das Sitzen läuft dort weiter"
                )
                : localized(
                    "the connection to \(label) was lost (\(line)); trying again",
                    de: "die Verbindung zu \(label) ist verloren (\(line)); neuer Versuch"))
        let deadline = MonotonicClock.seconds() + seconds
        while MonotonicClock.seconds() < deadline {
            if Interruption.requested { return nil }
            do {
                let connected = try connect()
                say("\(localized("connected again to", de: "wieder verbunden mit")) \(label)")
                return connected
            } catch let refusal as RemoteError {
                switch refusal {
                case .refused, .otherService: throw refusal
                default: break
                }
            } catch {}
            Thread.sleep(forTimeInterval: 1)
        }
        say(localized("\(label) did not answer again", de: "\(label) hat nicht wieder geantwortet"))
        return nil
    }
}
