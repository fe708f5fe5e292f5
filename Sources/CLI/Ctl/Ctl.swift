import ArgumentParser
import Localization
import Settings

/// `meditate ctl`: a client of a running `meditate serve`.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: localized(
            "Control a running service (`meditate serve`): `status`, `sit`, `play`, `pause`, `resume`, `stop`, `seek`, `bell`, `schedule`, `token`, `events`.",
            de:
                "Steuert einen laufenden Dienst (`meditate serve`): `status`, `sit`, `play`, `pause`, `resume`, `stop`, `seek`, `bell`, `schedule`, `token`, `events`."
        ),
        discussion: localized(
            "Each subcommand is one JSON-RPC call on the service's socket (docs/protocol.md), or with --host on a paired service's WebSocket on another machine; --json prints the reply as it came.\n\nExamples:",
            de:
                "Jeder Unterbefehl ist ein JSON-RPC-Aufruf auf dem Socket des Dienstes (docs/protocol.md), oder mit --host auf dem WebSocket eines gekoppelten Dienstes auf einem anderen Rechner; --json gibt die Antwort aus, wie sie kam.\n\nBeispiele:"
        ) + """

              meditate ctl sit --minutes 20 --interval 5 --noise white
              meditate ctl status
              meditate ctl pause
              meditate ctl events --json
              meditate ctl --host pi status
            """,
        subcommands: [
            CtlStatus.self, CtlSit.self, CtlPlay.self, CtlPause.self, CtlResume.self, CtlStop.self, CtlSeek.self,
            CtlBell.self, CtlRemind.self,
            CtlSchedule.self, CtlToken.self, CtlEvents.self, CtlCall.self
        ]
    )
}
