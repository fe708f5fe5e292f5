import Control
import Foundation
import ProgramTestSupport
import Testing

@testable import Service

/// `meditate serve` with `[mqtt]` against a private mosquitto: what Home Assistant's discovery
/// reads, the commands it sends, and a broker that goes away. The sound goes to ALSA's null
/// device here; `ServiceMQTTLiveTests` listens to a sit started over MQTT.
@Suite("the service in Home Assistant: MQTT discovery and commands", .serialized)
struct ServiceMQTTTests {
    static let base = "meditate/test"

    /// A service configured for `broker`, with a preset `short`.
    static func service(
        _ broker: PrivateBroker, _ scratch: Scratch, arguments: [String], extra: String = ""
    ) throws -> RunningService {
        let folder = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
        countdown = 0
        [preset.short]
        minutes = 0.1
        [mqtt]
        host = "127.0.0.1"
        port = \(broker.port)
        topic = "\(base)"
        name = "Test hall"
        \(extra)
        """.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        return try RunningService(arguments, scratch: scratch, environment: ["XDG_CONFIG_HOME": scratch.path("config")])
    }

    /// A private broker, and a service on ALSA's null device (a sit plays out in a moment)
    /// that has announced itself there.
    static func announced(_ scratch: Scratch) throws -> (PrivateBroker, RunningService) {
        let broker = try PrivateBroker(in: scratch)
        let service = try service(broker, scratch, arguments: ["--backend", "alsa", "--device", "null"])
        #expect(try broker.waitForRetained("\(base)/availability") { $0 == "online" } != nil)
        return (broker, service)
    }

    @Test(
        "Home Assistant finds one device with its eight entities, each with a unique id, available while the service runs and offline after SIGTERM",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func discoveryDescribesTheDevice() throws {
        // Given a private broker and a service configured for it
        let scratch = try Scratch()
        let (broker, service) = try Self.announced(scratch)
        defer { broker.stop() }
        defer { service.stop() }

        // When Home Assistant reads the discovery topics
        let configs = try broker.retained("homeassistant/+/+/+/config", count: 8)
            .compactMapValues { JSONValue.parse($0) }

        // Then there is a config per entity, under <prefix>/<component>/<device id>/<entity>/config
        #expect(
            Set(configs.keys) == [
                "homeassistant/binary_sensor/meditate_test/sitting/config",
                "homeassistant/sensor/meditate_test/phase/config",
                "homeassistant/sensor/meditate_test/remaining/config",
                "homeassistant/select/meditate_test/preset/config",
                "homeassistant/button/meditate_test/start_sit/config",
                "homeassistant/button/meditate_test/ring_bell/config",
                "homeassistant/button/meditate_test/end_sit/config",
                "homeassistant/event/meditate_test/reminder/config"
            ], "\(configs.keys.sorted())")
        // And every one has a name, a unique id of its own, the availability topic and the one device
        let ids = configs.values.compactMap { $0["unique_id"]?.stringValue }
        #expect(ids.count == 8 && Set(ids).count == 8, "\(ids)")
        for (topic, config) in configs {
            #expect(config["name"]?.stringValue?.isEmpty == false, "\(topic)")
            #expect(config["availability_topic"]?.stringValue == "\(Self.base)/availability", "\(topic)")
            #expect(config["device"]?["identifiers"] == ["meditate_test"], "\(topic)")
            #expect(config["device"]?["name"] == "Test hall", "\(topic)")
            // And what its component needs: a state topic to read, or a command topic to write
            let component = topic.split(separator: "/")[1]
            switch component {
            case "binary_sensor", "sensor":
                #expect(config["state_topic"]?.stringValue == "\(Self.base)/state", "\(topic)")
                #expect(config["value_template"]?.stringValue?.hasPrefix("{{ value_json.") == true, "\(topic)")
            case "event":
                #expect(config["state_topic"]?.stringValue == "\(Self.base)/reminder", "\(topic)")
                #expect(config["event_types"] == ["reminder"], "\(topic)")
            case "select":
                #expect(config["command_topic"]?.stringValue == "\(Self.base)/preset/set")
                #expect(config["options"] == ["default", "short"])
            default:
                #expect(config["command_topic"]?.stringValue?.hasPrefix("\(Self.base)/") == true, "\(topic)")
                #expect(config["payload_press"] == "PRESS", "\(topic)")
            }
        }
        // And the state says nobody sits
        let state = try broker.waitForRetained("\(Self.base)/state") { _ in true }.flatMap { JSONValue.parse($0) }
        #expect(state == ["sitting": "OFF", "phase": "idle", "remaining": 0])

        // When the service is stopped
        service.stop()
        // Then it said goodbye: offline, retained
        #expect(try broker.retained("\(Self.base)/availability", count: 1)["\(Self.base)/availability"] == "offline")
    }

    @Test(
        "a reminder to sit reaches Home Assistant's event entity with its words and the sit it offers, and plays nothing",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func reminderIsAnEvent() throws {
        // Given a service on ALSA's null device and a watcher of its topics
        let scratch = try Scratch()
        let (broker, service) = try Self.announced(scratch)
        defer { broker.stop() }
        defer { service.stop() }
        let watcher = try broker.subscribe("\(Self.base)/#", into: scratch.path("watched.txt"))
        // (the state, retained, is there once both the watcher and the bridge follow)
        #expect(watcher.waitFor("\(Self.base)/state") != nil)

        // When a reminder of the preset `short` is due, with the sitter's words
        _ = try service.client().call("remind", ["text": "Zeit für den Bus", "preset": "short"])

        // Then the event entity's topic receives it: its type, the words, the sit in words and
        // its members, which Home Assistant can send back to sit/start
        let payload = watcher.waitFor("\(Self.base)/reminder").flatMap { JSONValue.parse($0) }
        #expect(payload?["event_type"] == "reminder", "\(payload?.line ?? "no reminder")")
        #expect(payload?["text"] == "Zeit für den Bus", "\(payload?.line ?? "no reminder")")
        #expect(payload?["description"]?.stringValue?.hasPrefix("6 s") == true, "\(payload?.line ?? "no reminder")")
        #expect(payload?["sit"] == ["preset": "short"], "\(payload?.line ?? "no reminder")")
        // And it is not kept for a Home Assistant that starts later, and nothing plays
        let later = try broker.subscribe("\(Self.base)/reminder", into: scratch.path("later.txt"))
        #expect(later.waitFor("\(Self.base)/reminder", seconds: 1) == nil)
        #expect(try service.client().call("status")["state"] == "idle")
    }

    @Test(
        "commands from Home Assistant go through the protocol: a chosen preset starts the sit, a bad option or preset gets the CLI's one line",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func commandsActAsTheProtocolDoes() throws {
        // Given a service on ALSA's null device (a sit plays out in a moment) and a watcher
        let scratch = try Scratch()
        let (broker, service) = try Self.announced(scratch)
        defer { broker.stop() }
        defer { service.stop() }
        let watcher = try broker.subscribe("\(Self.base)/#", into: scratch.path("watched.txt"))

        // When a preset that does not exist is chosen, then one that does
        try broker.publish("\(Self.base)/preset/set", "long")
        try broker.publish("\(Self.base)/preset/set", "short")
        // Then the first is refused with one line, and the second is the select's state
        #expect(watcher.waitFor("\(Self.base)/refused") == "no preset 'long'; there are default, short")
        #expect(watcher.waitFor("\(Self.base)/preset") { $0 == "short" } != nil)

        // When a sit is started with an option the CLI refuses
        try broker.publish("\(Self.base)/sit/start", #"{"minutes":"abc"}"#)
        // Then the refusal is the CLI's own line
        #expect(
            watcher.waitFor("\(Self.base)/refused") { $0.contains("abc") }
                == "'abc' is not a value for '--minutes <minutes>'")

        // When a sit is started with options of 70 KiB, more than a request line holds
        let long = #"{"minutes":1,"segments":""# + String(repeating: "sit 1, ", count: 10_000) + #""}"#
        try broker.publish("\(Self.base)/sit/start", long)
        // Then it is refused for its length, not for a connection closed under it
        #expect(
            watcher.waitFor("\(Self.base)/refused") { $0.contains("KiB") }
                == "the message is 68 KiB long; a command's options fit in 63 KiB")

        // When the start button is pressed
        try broker.publish("\(Self.base)/sit/start", "PRESS")
        // Then the sit of the chosen preset plays: sitting turns on, then off when it is over
        #expect(watcher.waitFor("\(Self.base)/state") { $0.contains(#""sitting":"ON""#) } != nil)
        #expect(
            try broker.waitForRetained("\(Self.base)/state") { $0.contains(#""sitting":"OFF""#) } != nil)
        // And the history holds the preset's 6 s
        let deadline = Date().addingTimeInterval(5)
        while try (service.history().arrayCount ?? 0) == 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        let history = try service.history()
        #expect(history[0]?["plannedSeconds"] == 6, "\(history.line)")

        // When Home Assistant says it has started (and forgotten everything)
        let before = watcher.messages.filter { $0.topic == "\(Self.base)/availability" }.count
        try broker.publish("homeassistant/status", "online")
        // Then the service announces itself again
        let deadline2 = Date().addingTimeInterval(5)
        while watcher.messages.filter({ $0.topic == "\(Self.base)/availability" }).count == before,
            Date() < deadline2
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(watcher.messages.filter { $0.topic == "\(Self.base)/availability" }.count == before + 1)
    }

    @Test(
        "a broker that goes away and comes back empty is told everything again: availability, the configs and the state",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func aReturningBrokerIsCaughtUp() throws {
        // Given a service connected to a broker that keeps nothing on disk
        let scratch = try Scratch()
        let (broker, service) = try Self.announced(scratch)
        defer { broker.stop() }
        defer { service.stop() }

        // When the broker stops and starts again
        broker.stop()
        Thread.sleep(forTimeInterval: 0.5)
        try broker.start()

        // Then, once the service has reconnected (its delay starts at 1 s), the broker knows it again
        #expect(try broker.waitForRetained("\(Self.base)/availability", seconds: 15) { $0 == "online" } != nil)
        #expect(try broker.waitForRetained("\(Self.base)/state") { $0.contains(#""sitting":"OFF""#) } != nil)
        #expect(try broker.retained("homeassistant/+/+/+/config", count: 7).count == 7)
        // And the service is still there, and said so in its log
        #expect(try service.client().call("status")["state"] == "idle")
        #expect(service.waitForLog(containing: "MQTT: lost the broker").contains("connected to"))
    }

    @Test(
        "a mistake in [mqtt] is one line naming the file and its line, and the service does not start",
        arguments: [
            ("[mqtt]\nport = 1883\n", 1, "[mqtt] needs the broker's host"),
            ("[mqtt]\nhost = 'h'\nport = 70000\n", 3, "port is a whole number from 1 to 65535"),
            ("[mqtt]\nhost = 'h'\nbroker = 'x'\n", 3, "no MQTT setting 'broker'; they are ca_file,"),
            ("[mqtt]\nhost = 'h'\ntopic = 'a/#'\n", 3, "topic is an MQTT topic such as meditate/hall"),
            ("[mqtt]\nhost = 'h'\ntls = 'yes'\n", 3, "tls is true or false")
        ])
    func badSettingsAreOneLine(config: String, line: Int, reason: String) throws {
        // Given a config.toml with a mistake in [mqtt]
        let scratch = try Scratch()
        let folder = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        // When the service is started with it
        let result = try CLIRunner.run(
            ["serve", "--socket", scratch.path("run/control.sock"), "--backend", "alsa", "--device", "null"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        // Then it says where and what, in one line, and exits 78 (a configuration error)
        #expect(result.status == 78)
        #expect(
            result.stderr.hasPrefix("meditate: error: \(folder)/config.toml:\(line): \(reason)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test(
        "a preset saved while the service runs is offered by Home Assistant's select, without a restart",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func savedPresetIsOffered() throws {
        // Given a service announced with its preset `short`, and a watcher of the select's config
        let scratch = try Scratch()
        let (broker, service) = try Self.announced(scratch)
        defer { broker.stop() }
        defer { service.stop() }
        let topic = "homeassistant/select/meditate_test/preset/config"
        let watcher = try broker.subscribe(topic, into: scratch.path("watched.txt"))
        #expect(watcher.waitFor(topic) != nil)

        // When a preset is saved from the command line
        let saved = try CLIRunner.run(
            ["preset", "save", "evening", "--minutes", "15"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_HOME": service.data])
        #expect(saved.status == 0, "\(saved.stderr)")

        // Then the select's config is published again with it among the options
        let config = watcher.waitFor(topic) { JSONValue.parse($0)?["options"] == ["default", "evening", "short"] }
        #expect(config != nil, "\((try? broker.retained(topic, count: 1)) ?? [:])")
    }

    @Test("a preset the select does not offer is refused in words that fit one choice or several")
    func unknownPresetIsWordedForOneChoiceOrSeveral() {
        #expect(
            HomeAssistantDiscovery.unknownPreset("../../etc", options: ["default"])
                == "no preset '../../etc'; the only choice is default (no preset saved yet)")
        #expect(
            HomeAssistantDiscovery.unknownPreset("long", options: ["default", "short"])
                == "no preset 'long'; there are default, short")
    }

    @Test(
        "a retained start command is not obeyed at the service's start, nor when it connects again; a live one is",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func retainedCommandsAreIgnored() throws {
        // Given a broker that keeps a start command someone published with the retain flag
        let scratch = try Scratch()
        let broker = try PrivateBroker(in: scratch)
        defer { broker.stop() }
        try broker.publish("\(Self.base)/sit/start", "PRESS", retain: true)

        // When a service starts, announces itself, and its broker comes back after a restart
        let service = try Self.service(broker, scratch, arguments: ["--backend", "alsa", "--device", "null"])
        defer { service.stop() }
        #expect(try broker.waitForRetained("\(Self.base)/availability") { $0 == "online" } != nil)
        _ = service.waitForLog(containing: "a retained command, ignored")
        broker.stop()
        try broker.start()
        try broker.publish("\(Self.base)/sit/start", "PRESS", retain: true)
        #expect(try broker.waitForRetained("\(Self.base)/availability") { $0 == "online" } != nil)
        let log = service.waitForLog(containing: "sit/start: a retained command, ignored", times: 2)
        Thread.sleep(forTimeInterval: 1)

        // Then no sit was started, and the log said why, once for each time it was handed over
        #expect(try service.client().call("status")["state"] == "idle")
        #expect(try service.history().arrayCount == 0)
        #expect(log.components(separatedBy: "sit/start: a retained command, ignored").count - 1 == 2, "\(log)")

        // When the retained command is cleared (an empty retained message, handed over live)
        try broker.publish("\(Self.base)/sit/start", "", retain: true)
        _ = service.waitForLog(containing: "sit/start: an empty message (a retained one cleared), ignored")
        // Then no sit starts either
        #expect(try service.client().call("status")["state"] == "idle")

        // When the button is pressed now (not retained)
        let events = try service.subscriber()
        try broker.publish("\(Self.base)/sit/start", "PRESS")
        // Then the sit starts
        var started = false
        while !started, let event = try events.nextEvent(timeoutMilliseconds: 10_000) {
            started = event["event"] == "session-started"
        }
        #expect(started)
    }

    @Test(
        "a password file that cannot be read stops the service with one line",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func unreadablePasswordFileIsOneLine() throws {
        let scratch = try Scratch()
        let folder = scratch.path("config/meditate")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let missing = scratch.path("nothing-here")
        try "[mqtt]\nhost = '127.0.0.1'\nuser = 'me'\npassword_file = '\(missing)'\n".write(
            toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(
            ["serve", "--socket", scratch.path("run/control.sock"), "--backend", "alsa", "--device", "null"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 78)
        #expect(
            result.stderr.hasPrefix("meditate: error: MQTT: cannot read the password file \(missing)"),
            "\(result.stderr)")
    }

    @Test(
        "over TLS: with the broker's CA the service connects; with only the system's CAs it says why once and keeps trying",
        .enabled(if: PrivateBroker.available, "needs mosquitto (make test installs it)"))
    func tlsVerifiesTheBroker() throws {
        // Given a broker on TLS with a certificate of its own making
        let scratch = try Scratch()
        let broker = try PrivateBroker(in: scratch, tls: true)
        defer { broker.stop() }
        let certificate = try #require(broker.certificate)

        // When a service trusts only the system's CAs
        let untrusting = try Self.service(
            broker, scratch, arguments: ["--backend", "alsa", "--device", "null"], extra: "tls = true")
        let refused = untrusting.waitForLog(containing: "TLS error")
        untrusting.stop()
        // Then it says so in a line, and does not give up (it goes on to stop when asked)
        #expect(refused.contains("MQTT: 127.0.0.1:\(broker.port): A TLS error occurred; trying again"), "\(refused)")

        // When a service is given the broker's CA
        let trusting = try Self.service(
            broker, Scratch(), arguments: ["--backend", "alsa", "--device", "null"],
            extra: "tls = true\nca_file = \"\(certificate)\"")
        defer { trusting.stop() }
        // Then it is online there
        #expect(try broker.waitForRetained("\(Self.base)/availability") { $0 == "online" } != nil)
    }
}
