import Control
import Localization
import Settings

/// What the service tells Home Assistant about itself (MQTT discovery): one retained config
/// message per entity under `<discovery_prefix>/<component>/<device id>/<entity>/config`, all
/// of one device, all following the service's availability topic.
///
/// The entities read one retained JSON state message (`<topic>/state`: `sitting` ON or OFF,
/// `phase`, `remaining` seconds) and send their commands to topics under `<topic>/`.
struct HomeAssistantDiscovery {
    let settings: MQTTSettings
    let version: String

    var availabilityTopic: String { settings.baseTopic + "/availability" }
    var stateTopic: String { settings.baseTopic + "/state" }
    var presetTopic: String { settings.baseTopic + "/preset" }
    var presetCommandTopic: String { settings.baseTopic + "/preset/set" }
    var startSitTopic: String { settings.baseTopic + "/sit/start" }
    var endSitTopic: String { settings.baseTopic + "/sit/end" }
    var ringBellTopic: String { settings.baseTopic + "/bell/ring" }
    /// A reminder to sit, as Home Assistant's event entity reads it (not retained: it happens).
    var reminderTopic: String { settings.baseTopic + "/reminder" }
    /// Where a command that was refused is told, with the one line the CLI would print.
    var refusedTopic: String { settings.baseTopic + "/refused" }
    /// Home Assistant says `online` here when it starts: the configs are sent again.
    var homeAssistantStatusTopic: String { settings.discoveryPrefix + "/status" }

    /// The preset option that starts a sit from the service's settings alone.
    static let noPreset = "default"

    /// The options of the preset select: the settings alone, then the presets by name.
    static func presetOptions(_ names: [String]) -> [String] {
        [noPreset] + names.sorted().filter { $0 != noPreset }
    }

    /// Why the select's command names no option: with no preset saved, `default` (none) is the
    /// one choice, where "there are default" said nothing.
    static func unknownPreset(_ name: String, options: [String]) -> String {
        let choices =
            options.count == 1
            ? localized(
                "the only choice is \(options[0]) (no preset saved yet)",
                de: "die einzige Wahl ist \(options[0]) (noch keine Vorlage gespeichert)")
            : localized(
                "there are \(options.joined(separator: ", "))", de: "es gibt \(options.joined(separator: ", "))")
        return localized("no preset '\(name)'; \(choices)", de: "keine Vorlage '\(name)'; \(choices)")
    }

    /// Topic and payload of every entity's config.
    func configs(presets: [String]) -> [(topic: String, payload: JSONValue)] {
        let state = stateTopic
        return [
            entity(
                "binary_sensor", "sitting", name: "Sitting",
                [
                    "state_topic": .string(state), "value_template": "{{ value_json.sitting }}",
                    "payload_on": "ON", "payload_off": "OFF", "icon": "mdi:meditation"
                ]),
            entity(
                "sensor", "phase", name: "Phase",
                ["state_topic": .string(state), "value_template": "{{ value_json.phase }}", "icon": "mdi:timer-sand"]
            ),
            entity(
                "sensor", "remaining", name: "Remaining",
                [
                    "state_topic": .string(state), "value_template": "{{ value_json.remaining }}",
                    "unit_of_measurement": "s", "device_class": "duration"
                ]),
            entity(
                "select", "preset", name: "Preset",
                [
                    "state_topic": .string(presetTopic), "command_topic": .string(presetCommandTopic),
                    "options": .array(Self.presetOptions(presets).map { .string($0) })
                ]),
            entity(
                "button", "start_sit", name: "Start sit",
                ["command_topic": .string(startSitTopic), "payload_press": "PRESS", "icon": "mdi:play"]),
            entity(
                "button", "ring_bell", name: "Ring bell",
                ["command_topic": .string(ringBellTopic), "payload_press": "PRESS", "icon": "mdi:bell"]),
            entity(
                "button", "end_sit", name: "End sit",
                ["command_topic": .string(endSitTopic), "payload_press": "PRESS", "icon": "mdi:stop"]),
            entity(
                "event", "reminder", name: "Reminder",
                [
                    "state_topic": .string(reminderTopic), "event_types": ["reminder"],
                    "icon": "mdi:bell-ring-outline"
                ])
        ]
    }

    private func entity(
        _ component: String, _ key: String, name: String, _ members: [String: JSONValue]
    ) -> (topic: String, payload: JSONValue) {
        var payload = members
        payload["name"] = .string(name)
        payload["unique_id"] = .string("\(settings.deviceID)_\(key)")
        payload["object_id"] = .string("\(settings.deviceID)_\(key)")
        payload["availability_topic"] = .string(availabilityTopic)
        payload["payload_available"] = "online"
        payload["payload_not_available"] = "offline"
        payload["device"] = [
            "identifiers": [.string(settings.deviceID)], "name": .string(settings.deviceName),
            "manufacturer": "meditate", "model": "meditate serve", "sw_version": .string(version)
        ]
        return ("\(settings.discoveryPrefix)/\(component)/\(settings.deviceID)/\(key)/config", .object(payload))
    }

    /// What the event entity receives for a `reminder` event: its type, and what an automation
    /// says or starts with it (the words, the sit in the service's language, its members).
    static func reminder(fromEvent event: JSONValue) -> JSONValue {
        var members: [String: JSONValue] = [
            "event_type": "reminder", "text": .string(event["text"]?.stringValue ?? say(.reminderSummary)),
            "description": .string(event["description"]?.stringValue ?? ""), "sit": event["sit"] ?? [:]
        ]
        if let schedule = event["schedule"] { members["schedule"] = schedule }
        return .object(members)
    }

    /// The state message for a `status` reply: sitting while a session plays (not once it
    /// has completed or ended), its phase, and its seconds left.
    static func state(fromStatus status: JSONValue) -> JSONValue {
        let phase = status["state"]?.stringValue ?? "idle"
        let sitting = !["idle", "complete", "ended"].contains(phase)
        // An open-ended sit has no time left to tell.
        let remaining =
            status["session"]?["open"] == true ? 0 : status["session"]?["remainingSeconds"]?.numberValue ?? 0
        return [
            "sitting": sitting ? "ON" : "OFF", "phase": .string(phase),
            "remaining": .number(sitting ? max(0, remaining.rounded(.up)) : 0)
        ]
    }
}
