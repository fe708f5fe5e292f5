import Control
import Foundation
import Localization
import Logging
import NIOConcurrencyHelpers
import Practice
import Settings

/// The service as an MQTT device (Home Assistant's discovery): it tells the broker what it is
/// and what it is doing, and carries the commands that arrive there to the service.
///
/// It is a client of the service's own control socket, like `meditate ctl` and the page: a
/// command from MQTT is a JSON-RPC request, with the same checks and the same one-line
/// refusals, and the coordinator decides as for any other. Nothing here runs on the service's
/// control thread or near the sound: a broker that goes away costs the service nothing.
///
/// Threads: the client's network thread (`meditate-broker`) runs the handlers (connected:
/// announce; a message: a command, through `commands`); a state thread (`meditate-mqtt`)
/// follows the service's events and publishes the state when it changes. They share only
/// `shared`, under its lock.
package final class MQTTBridge: @unchecked Sendable {
    private let settings: MQTTSettings
    private let discovery: HomeAssistantDiscovery
    private let socket: String
    private let logger: Logger
    private var client: MosquittoClient?
    private let shared = NIOLockedValueBox(Shared())

    private struct Shared {
        /// The last state published (a JSON line), sent again when the broker comes back.
        var state: String?
        var stopped = false
        /// The broker has the connection now (accepted, and not lost since).
        var connected = false
    }

    /// The network thread's own: its connection to the service, and the preset the next
    /// `start sit` uses.
    private let commands: ServiceCaller
    private var selectedPreset = HomeAssistantDiscovery.noPreset

    /// - Parameter password: read from the settings' password file by the caller.
    package init(settings: MQTTSettings, password: String?, socket: String, logger: Logger) throws(MQTTError) {
        self.settings = settings
        discovery = HomeAssistantDiscovery(settings: settings, version: MeditateVersion.number)
        self.socket = socket
        commands = ServiceCaller(socket: socket)
        self.logger = logger
        let handlers = MosquittoClient.Handlers(
            connected: { [weak self] accepted, reason in self?.connected(accepted, reason) },
            disconnected: { [weak self] in self?.lost() },
            message: { [weak self] topic, payload, retained in self?.received(topic, payload, retained: retained) })
        client = try MosquittoClient(
            clientID: settings.deviceID, will: (discovery.availabilityTopic, "offline"), user: settings.user,
            password: password, tls: (settings.tls, settings.caFile), handlers: handlers)
    }

    /// Reads the password file named in the settings (its first line).
    package static func password(of settings: MQTTSettings) throws(MQTTError) -> String? {
        guard let path = settings.passwordFile else { return nil }
        do {
            let text = try TextFile.read(path)
            return text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        } catch {
            throw .passwordFile(path: path, reason: error.reason)
        }
    }

    package func start() throws(MQTTError) {
        let logger = logger
        let broker = "\(settings.host):\(settings.resolvedPort)"
        try client?.start(host: settings.host, port: settings.resolvedPort) { reason in
            logger.warning(
                "MQTT: \(broker): \(reason); \(localized("trying again", de: "neuer Versuch")) (1-30 s)")
        }
        logger.notice(
            "MQTT: \(settings.host):\(settings.resolvedPort), \(localized("topics", de: "Topics")) \(settings.baseTopic)/…"
        )
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-mqtt"
            followState()
        }
    }

    /// How long a stopping service waits for the goodbye to reach the broker (its will says
    /// `offline` too, if it does not).
    static let stopSeconds = 0.3

    /// Says `offline`, and ends the connection; nothing is published after it.
    package func stop() {
        let wasStopped = shared.withLockedValue { shared in
            defer { shared.stopped = true }
            return shared.stopped
        }
        guard !wasStopped, let client else { return }
        client.publish(discovery.availabilityTopic, "offline", retain: true)
        // With no broker there is no goodbye to wait for: the network thread may be in the
        // middle of libmosquitto's reconnect sleep, which nothing interrupts (it cost a
        // stopping service 0.3 s, and SIGTERM ends it within a second).
        let connected = shared.withLockedValue { $0.connected }
        client.stop(waitingUpTo: connected ? Self.stopSeconds : 0)
    }

    // MARK: The network thread

    private func connected(_ accepted: Bool, _ reason: String) {
        shared.withLockedValue { $0.connected = accepted }
        guard accepted else {
            logger.warning("MQTT: \(settings.host): \(reason)")
            return
        }
        logger.notice(
            "MQTT: \(localized("connected to", de: "verbunden mit")) \(settings.host):\(settings.resolvedPort)")
        for topic in [
            discovery.startSitTopic, discovery.endSitTopic, discovery.ringBellTopic, discovery.presetCommandTopic,
            discovery.homeAssistantStatusTopic
        ] {
            client?.subscribe(topic)
        }
        announce()
    }

    private func lost() {
        shared.withLockedValue { $0.connected = false }
        logger.warning(
            "MQTT: \(localized("lost the broker; connecting again", de: "Broker verloren; verbinde erneut"))")
    }

    /// Availability, the entities' configs, the preset chosen and the state: all a broker
    /// that starts afresh (or Home Assistant that starts) needs to know.
    private func announce() {
        // A stopping service has said `offline`: nothing may say `online` after it.
        guard let client, !isStopped else { return }
        let presets = (try? presetNames()) ?? []
        client.publish(discovery.availabilityTopic, "online", retain: true)
        publishConfigs(presets: presets)
        client.publish(discovery.presetTopic, selectedPreset, retain: true)
        if let state = shared.withLockedValue({ $0.state }) {
            client.publish(discovery.stateTopic, state, retain: true)
        }
    }

    private func received(_ topic: String, _ payload: String, retained: Bool) {
        if topic == discovery.homeAssistantStatusTopic {
            if payload == "online" { announce() }
            return
        }
        // A retained command is one someone published once with the retain flag: the broker
        // hands it over at every connection, and obeying it would start a sit at every start of
        // the service and every reconnection. Commands are for now, so only live ones count.
        guard !retained else {
            logger.warning(
                "MQTT: \(topic): \(localized("a retained command, ignored", de: "ein gespeicherter Befehl (retain), ignoriert"))"
            )
            return
        }
        // Clearing a retained command is an empty message, which the broker hands live to every
        // subscriber: it is no press.
        guard !payload.isEmpty else {
            logger.notice(
                "MQTT: \(topic): \(localized("an empty message (a retained one cleared), ignored", de: "eine leere Nachricht (eine gespeicherte gelöscht), ignoriert"))"
            )
            return
        }
        // A command travels to the service as one request line, which the socket takes up to
        // 64 KiB: a longer one is refused here, for what it is, not for the closed connection.
        let longest = ControlServer.maximumLineBytes - 1024
        guard payload.utf8.count <= longest else {
            let line = localized(
                "the message is \(payload.utf8.count / 1024) KiB long; a command's options fit in \(longest / 1024) KiB",
                de:
                    "die Nachricht ist \(payload.utf8.count / 1024) KiB lang; die Optionen eines Befehls passen in \(longest / 1024) KiB"
            )
            logger.warning("MQTT: \(topic): \(line)")
            client?.publish(discovery.refusedTopic, line, retain: false)
            return
        }
        do {
            switch topic {
            case discovery.presetCommandTopic: try choosePreset(payload)
            case discovery.startSitTopic:
                let preset: JSONValue =
                    selectedPreset == HomeAssistantDiscovery.noPreset ? [:] : ["preset": .string(selectedPreset)]
                _ = try call("sit.start", try options(payload) ?? preset)
            case discovery.endSitTopic: _ = try call("stop")
            case discovery.ringBellTopic: _ = try call("bell.ring", try options(payload) ?? [:])
            default: return
            }
        } catch {
            let line = FailureLine.line(for: error)
            logger.warning("MQTT: \(topic): \(line)")
            client?.publish(discovery.refusedTopic, line, retain: false)
        }
    }

    /// A button's press takes the defaults; a JSON object gives the command's options.
    private func options(_ payload: String) throws(ControlError) -> JSONValue? {
        do {
            return try MQTTCommandPayload.options(payload)
        } catch {
            throw .refused(
                .invalidParams(
                    localized(
                        MQTTCommandPayload.refusal,
                        de: "die Nutzlast ist PRESS oder ein JSON-Objekt mit den Optionen des Befehls")))
        }
    }

    private func choosePreset(_ payload: String) throws(ControlError) {
        let options = HomeAssistantDiscovery.presetOptions(try presetNames())
        guard options.contains(payload) else {
            throw .refused(.invalidParams(HomeAssistantDiscovery.unknownPreset(payload, options: options)))
        }
        selectedPreset = payload
        client?.publish(discovery.presetTopic, payload, retain: true)
    }

    /// The names of the service's presets (its `presets` method).
    private func presetNames() throws(ControlError) -> [String] {
        Self.presetNames(in: try call("presets"))
    }

    /// The names in an answer of the `presets` method.
    private static func presetNames(in answer: JSONValue) -> [String] {
        guard case let .object(presets)? = answer["presets"] else { return [] }
        return Array(presets.keys)
    }

    /// Every entity's config, retained, the select offering `presets`.
    private func publishConfigs(presets: [String]) {
        for (topic, payload) in discovery.configs(presets: presets) {
            client?.publish(topic, payload.line, retain: true)
        }
    }

    /// One request to the service, on the network thread's own connection.
    private func call(_ method: String, _ params: JSONValue = [:]) throws(ControlError) -> JSONValue {
        try commands.call(method, params)
    }

    // MARK: The state thread

    /// Follows the service's events; after each, and every second while a session plays,
    /// asks its status and publishes the state when it differs from the last.
    private func followState() {
        while !isStopped {
            do {
                let service = try ControlClient(path: socket)
                _ = try service.call("subscribe")
                var playing = publishState(try service.call("status"))
                while !isStopped {
                    let event = try service.nextEvent(timeoutMilliseconds: playing ? 1000 : 60_000)
                    // A session that starts is told as it started: one over in less time than
                    // the status takes to ask (on a device that never waits) still turns
                    // `sitting` on and off. Its event may already say `complete`: on such a
                    // device the session can play out before the event is written.
                    if event?["event"] == "reminder", let event {
                        _ = client?.publish(
                            discovery.reminderTopic, HomeAssistantDiscovery.reminder(fromEvent: event).line,
                            retain: false)
                        continue
                    }
                    // A preset saved or removed, here or on another device: the select offers
                    // the presets as they are now (its config, retained, is published again).
                    if event?["event"] == "presets-changed" {
                        let presets = Self.presetNames(in: try service.call("presets"))
                        if !isStopped { publishConfigs(presets: presets) }
                        continue
                    }
                    if event?["event"] == "session-started", let session = event?["session"] {
                        publishState(["state": .string(Self.startedPhase(of: session)), "session": session])
                    }
                    playing = publishState(try service.call("status"))
                }
            } catch {
                guard !isStopped else { return }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    private var isStopped: Bool { shared.withLockedValue { $0.stopped } }

    /// The phase a session that has just started is in, as its `session-started` says, or, if
    /// that already says it is over, the one it began with.
    static func startedPhase(of session: JSONValue) -> String {
        let phase = session["phase"]?.stringValue ?? "sitting"
        guard ["complete", "ended", "idle"].contains(phase) else { return phase }
        return session["kind"] == "guided" ? "playing" : "sitting"
    }

    /// Publishes the state of `status` if it changed; returns whether a session plays.
    @discardableResult
    private func publishState(_ status: JSONValue) -> Bool {
        let state = HomeAssistantDiscovery.state(fromStatus: status)
        let line = state.line
        let changed = shared.withLockedValue { shared -> Bool in
            guard !shared.stopped, shared.state != line else { return false }
            shared.state = line
            return true
        }
        if changed { client?.publish(discovery.stateTopic, line, retain: true) }
        return state["sitting"] == "ON"
    }
}
