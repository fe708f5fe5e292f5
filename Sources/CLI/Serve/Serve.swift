import ArgumentParser
import Control
import Foundation
import Library
import Localization
import Logging
import Practice
import Service
import Settings
import SyncFolder

/// `meditate serve`: the long-running engine. It owns the sound output, plays the sessions its
/// clients start over the control socket, tells them what happens, and records every session
/// as it goes.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: localized(
            "Run the meditation service: sessions started over a control socket (see `meditate ctl`).",
            de: "Startet den Meditationsdienst: Sitzungen, über einen Steuer-Socket gestartet (siehe `meditate ctl`)."),
        discussion: localized(
            """
            Runs in the foreground, for systemd (Type=notify; `systemctl --user enable --now meditate` runs it as your user service) or a terminal. Clients speak JSON-RPC 2.0, one message per line, on a Unix socket; docs/protocol.md describes every method and event. SIGTERM or Ctrl-C fades out what is playing, records it, and exits. With [mqtt] in config.toml it is also a device in Home Assistant (MQTT discovery; see docs/service.md). On a desktop's session bus it is the media player `meditate` (MPRIS: the media keys, the shell's controls, `playerctl -p meditate pause`).

            Examples:
            """,
            de: """
                Läuft im Vordergrund, für systemd (Type=notify; `systemctl --user enable --now meditate` startet ihn als deinen Benutzerdienst) oder ein Terminal. Clients sprechen JSON-RPC 2.0, eine Nachricht pro Zeile, über einen Unix-Socket; docs/protocol.md beschreibt jede Methode und jedes Ereignis. SIGTERM oder Strg-C blendet aus, was spielt, trägt es ein und beendet. Mit [mqtt] in config.toml ist er auch ein Gerät in Home Assistant (MQTT-Discovery; siehe docs/service.md). Auf dem Sitzungsbus eines Desktops ist er der Medienplayer `meditate` (MPRIS: die Medientasten, die Wiedergabesteuerung der Oberfläche, `playerctl -p meditate pause`).

                Beispiele:
                """) + """

                  meditate serve
                  meditate serve --backend alsa --device default
                  meditate ctl sit --minutes 20 --interval 5
                """
    )

    @Option(
        help: .localized(
            "The control socket (default $XDG_RUNTIME_DIR/meditate/control.sock; /run/meditate/control.sock for root).",
            de:
                "Der Steuer-Socket (Standard $XDG_RUNTIME_DIR/meditate/control.sock; /run/meditate/control.sock für root).",
            valueName: "path"))
    var socket: String?

    @Flag(
        name: .customLong("group-access"),
        help: .localized(
            "Let the socket's group use it too (folder 0750, socket 0660): for a system service.",
            de: "Lässt auch die Gruppe des Sockets ihn nutzen (Ordner 0750, Socket 0660): für einen Systemdienst."))
    var groupAccess = false

    @Option(
        help: .localized(
            "Also serve the phone's page at http://HOST:PORT/ and the protocol over a WebSocket (ws://HOST:PORT/rpc), to those who hold the pairing token.",
            de:
                "Bietet auch die Seite für das Telefon unter http://HOST:PORT/ an und das Protokoll über einen WebSocket (ws://HOST:PORT/rpc), für alle mit dem Kopplungs-Token.",
            valueName: "host:port"))
    var listen: ListenAddress?

    @Flag(
        name: .customLong("no-token"),
        help: .localized(
            "Ask no pairing token on a loopback --listen address (127.0.0.1, [::1], localhost): every local user may then control the service.",
            de:
                "Fragt auf einer Loopback-Adresse von --listen (127.0.0.1, [::1], localhost) kein Kopplungs-Token ab: jeder Benutzer dieses Rechners kann den Dienst dann steuern."
        ))
    var noToken = false

    @Flag(
        name: .customLong("no-announce"),
        help: .localized(
            "Do not say on the local network (through Avahi) that the service listens there.",
            de: "Sagt im lokalen Netz (über Avahi) nicht an, dass der Dienst dort lauscht."))
    var noAnnounce = false

    @Option(
        name: .customLong("close-idle-after"),
        help: .localized(
            "Close the sound output once nothing has played this long (sessions paused, or none), and open it again for the next (1–86400).",
            de:
                "Schließt die Audioausgabe, wenn so lange nichts gespielt hat (Sitzungen pausiert oder keine), und öffnet sie für die nächste wieder (1–86400).",
            valueName: "seconds"))
    var closeIdleAfter = 30

    /// The option's first name, kept for the units and scripts that wrote it: `-q/--quiet`
    /// means "say less" everywhere else, so its help no longer shows it.
    @Option(name: .customLong("quiet"), help: .hidden)
    var quietAlias: Int?

    private var quietSeconds: Int { quietAlias ?? closeIdleAfter }

    @OptionGroup(title: OutputOptions.title) var output: OutputOptions

    @Flag(
        name: .shortAndLong,
        help: .localized(
            "Log the device, its negotiated buffer and underruns.",
            de: "Protokolliert das Gerät, seinen ausgehandelten Puffer und Unterläufe."))
    var verbose = false

    func validate() throws {
        if noToken, !(listen?.isLoopback ?? false) {
            throw ValidationError(
                localized(
                    "--no-token is only for a loopback --listen address (127.0.0.1, [::1], localhost)",
                    de: "--no-token gibt es nur für eine Loopback-Adresse von --listen (127.0.0.1, [::1], localhost)"))
        }
        guard (1...86_400).contains(quietSeconds) else {
            throw ValidationError(
                localized(
                    "--close-idle-after takes 1 to 86400 seconds, not \(quietSeconds)",
                    de: "--close-idle-after nimmt 1 bis 86400 Sekunden, nicht \(quietSeconds)"))
        }
    }

    func run() throws {
        let logger = LoggerFactory.make(level: verbose ? .info : .notice)
        let path = socket ?? ServicePaths.defaultSocket()
        // The socket's thread is made with the stopping signals blocked, so that they wake the
        // control thread (this one), which unblocks them when it installs their handler.
        Interruption.blockForThreadsStartedNow()
        let inbox = try ServiceInbox()
        let server = try ControlServer(
            path: path, directoryMode: groupAccess ? 0o750 : 0o700, socketMode: groupAccess ? 0o660 : 0o600,
            responder: inbox)
        defer { server.close() }
        // Presets an older version kept in config.toml, shared from now on.
        PresetShelf.carryTables()
        // The history's files where config.toml says, as the service starts (a change is read
        // at the next start).
        let library = try LibraryPaths.configured()
        // Said once now, where every sit, preset and schedule would otherwise fail one by one.
        if let reason = Self.unwritable(library.history) {
            let folder = library.history
            logger.warning(
                "\(localized("the shared folder '\(folder)' cannot be written: \(reason); a sit is kept back until it can be, a preset or a schedule refused", de: "der gemeinsame Ordner '\(folder)' ist nicht beschreibbar: \(reason); eine Sitzung wird zurückgehalten, bis er es ist, eine Vorlage oder ein Plan abgelehnt"))"
            )
        }
        let token = WebToken(folder: library.folder)
        let feedToken = WebToken(folder: library.folder, file: WebToken.feedFile)
        let name = ServiceName()
        // Read (or made) once, for the page's /service.json and Avahi's TXT record alike.
        let deviceID = listen == nil ? "" : DeviceIdentity.id(in: library) ?? ""
        let web = try listen.map { address throws in
            try listenOnWeb(
                address, tokens: (token, feedToken), inbox: inbox, library: library, identity: (deviceID, name),
                logger: logger)
        }
        defer { web?.close() }
        // Found by `meditate discover` and browsers' lists when others can reach it.
        let announcement = web.flatMap { web in
            web.isLoopback || noAnnounce
                ? nil : ServiceAnnouncement.start(port: web.port, deviceID: deviceID, name: name, logger: logger)
        }
        defer { announcement?.stop() }
        let mqtt = try startMQTT(socket: path, logger: logger)
        defer { mqtt?.stop() }
        // The media keys and the shell's player controls, where there is a session bus.
        let mediaPlayer = MediaPlayerBridge.start(socket: path, logger: logger)
        defer { mediaPlayer?.stop() }
        // A reminder's notification with "Sit now", where there is a session bus when it is due.
        let reminders = ReminderBridge.start(socket: path, logger: logger)
        defer { reminders?.stop() }
        // Sits another device sat, brought by a file sync, counted here as they arrive.
        let history = HistoryWatcher.start(paths: library, logger: logger) { [inbox] in inbox.changedElsewhere($0) }
        defer { history?.stop() }
        Interruption.install()
        ServiceConductor(
            inbox: inbox, output: output.choice, quietSeconds: quietSeconds, library: library,
            web: ServiceWeb(server: web, token: token, feedToken: feedToken), logger: logger
        ).run(socket: path)
    }

    /// Why `folder` (made when missing) cannot be written to, in the run's language; nil when it can.
    private static func unwritable(_ folder: String) -> String? {
        guard let reason = Folders.make(folder) ?? (access(folder, W_OK) == 0 ? nil : String(cString: strerror(errno)))
        else { return nil }
        return Language.current == .de ? SystemReason.german(reason) : reason
    }

    /// The MQTT client, when config.toml has `[mqtt]`: it connects in the background and
    /// keeps trying, so that a broker not there yet delays nothing.
    private func startMQTT(socket: String, logger: Logger) throws -> MQTTBridge? {
        guard let settings = try Settings.load().file.mqtt else { return nil }
        let bridge = try MQTTBridge(
            settings: settings, password: MQTTBridge.password(of: settings), socket: socket, logger: logger)
        try bridge.start()
        return bridge
    }

    /// The WebSocket listener, and the line that tells where it is: with a new pairing token the
    /// first time (shown this once; only its hash is kept), unless `--no-token`.
    private func listenOnWeb(
        _ address: ListenAddress, tokens: (control: WebToken, feed: WebToken), inbox: ServiceInbox,
        library: LibraryPaths,
        identity: (deviceID: String, name: ServiceName), logger: Logger
    ) throws -> WebControlServer {
        let (files, folder) = PageFiles.load()
        let pages = files.adding(feeds: [
            HistoryFeed.path: HistoryFeed.feed(library: library, logger: logger),
            ServiceIdentityFeed.path: ServiceIdentityFeed.feed(deviceID: identity.deviceID, name: identity.name)
        ])
        let web = try WebControlServer(host: address.host, port: address.port, responder: inbox, pages: pages) {
            isLoopback throws(ControlError) in
            // `localhost` named to --no-token, bound elsewhere: refused, not served without a token.
            guard isLoopback || !noToken else {
                throw .cannotListen(
                    path: "\(address.host):\(address.port)",
                    reason: localized(
                        "not a loopback address, and --no-token asks no token",
                        de: "keine Loopback-Adresse, und --no-token fragt kein Token ab"))
            }
            // The calendar's token opens the calendar alone.
            return WebAccess(
                token: noToken ? nil : tokens.control, loopbackNamesOnly: isLoopback, feedToken: tokens.feed,
                feedPaths: [HistoryFeed.path], publicPaths: [ServiceIdentityFeed.path])
        }
        let where_: String
        if let folder {
            logger.info("\(localized("the page's files", de: "die Dateien der Seite")): \(folder)")
            where_ = localized("the page is", de: "die Seite ist")
        } else {
            logger.warning(
                "\(localized("the page's files (web/) are not installed: only the WebSocket (/rpc) answers", de: "die Dateien der Seite (web/) sind nicht installiert: nur der WebSocket (/rpc) antwortet"))"
            )
            where_ = localized("WebSocket (/rpc) on", de: "WebSocket (/rpc) auf")
        }
        if noToken {
            logger.notice("\(where_) \(WebAddress.url(host: web.host, port: web.port))")
        } else if tokens.control.isSet {
            logger.notice(
                "\(where_) \(WebAddress.url(host: web.host, port: web.port)) (\(localized("with the pairing token made earlier; `meditate ctl token` shows its link", de: "mit dem früher erzeugten Kopplungs-Token; `meditate ctl token` zeigt seinen Link")))"
            )
        } else {
            let url = WebAddress.url(host: web.host, port: web.port, token: try tokens.control.renew())
            logger.notice(
                "\(localized("pair a phone", de: "ein Telefon koppeln")): \(url)")
            // For a person at the terminal, the same as a code the phone's camera reads.
            if isatty(STDERR_FILENO) == 1, let code = TerminalQRCode.lines(of: url) {
                StandardStream.write(code.joined(separator: "\n") + "\n", to: STDERR_FILENO)
            }
        }
        return web
    }
}
