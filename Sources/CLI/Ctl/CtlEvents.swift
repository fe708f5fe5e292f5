import ArgumentParser
import Clock
import Control
import Foundation
import Localization
import Practice
import Settings

/// `meditate ctl events`: follows the service's events until interrupted.
struct CtlEvents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: localized(
            "Print the service's events as they happen (until Ctrl-C).",
            de: "Gibt die Ereignisse des Dienstes aus, sobald sie geschehen (bis Strg-C)."))

    @OptionGroup var options: CtlOptions

    func run() throws {
        var client = try options.connect()
        let subscribed = try client.call("subscribe")
        if !options.json, let status = subscribed["status"] { print(CtlText.status(status)) }
        Interruption.install()
        // A paired service on another machine is followed through a network that drops out.
        let remote = try options.remoteHost()
        var serviceStopping = false
        var lastHeard = MonotonicClock.seconds()
        while !Interruption.requested {
            // A second at a time, so that Ctrl-C is seen between reads.
            let next: JSONValue?
            do {
                next = try client.nextEvent(timeoutMilliseconds: 1000)
                if next != nil {
                    lastHeard = MonotonicClock.seconds()
                } else if remote != nil, MonotonicClock.seconds() - lastHeard >= RemoteRetry.aliveSeconds {
                    // Ctrl-C is heard while the answer is awaited, too.
                    _ = try client.call(
                        "status", timeoutMilliseconds: Int(RemoteRetry.aliveSeconds * 1000),
                        meanwhile: { !Interruption.requested })
                    lastHeard = MonotonicClock.seconds()
                }
            } catch {
                // The service said it was stopping: its closing the connection is the end.
                if serviceStopping, case .connectionLost = error { return }
                guard let remote else { throw error }
                let say = { (line: String) -> Void in _ = StandardStream.write("meditate: \(line)\n", to: STDERR_FILENO)
                }
                guard
                    let again = try RemoteRetry.again(
                        remote, after: error, sitPlaysOn: false, say: say,
                        connect: {
                            let connection = try options.connect()
                            _ = try connection.call("subscribe")
                            return connection
                        })
                else { return }
                client = again
                lastHeard = MonotonicClock.seconds()
                continue
            }
            guard let event = next else { continue }
            if event["event"] == "stopping" { serviceStopping = true }
            // Written at once (a pipe to a script sees each event as it comes), and a reader
            // that went away ends the command.
            try StandardStream.output((options.json ? event.line : CtlText.event(event)) + "\n")
        }
    }
}
