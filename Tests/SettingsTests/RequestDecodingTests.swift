import Foundation
import Session
import Testing

@testable import Settings

/// The typed requests of the protocol: params decode into the value the command line builds,
/// with the command line's parsers and its lines for a bad value.
@Suite struct RequestDecodingTests {
    private typealias K = SettingKeys

    /// A sit's sounds with the values `given` sets.
    private func sound(_ given: (inout SitSoundRequest) -> Void) -> SitSoundRequest {
        var sound = SitSoundRequest()
        given(&sound)
        return sound
    }

    private func decode<Request: Decodable>(_ type: Request.Type, _ json: String) throws -> Request {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The line a refused request gives, or nil when it is taken.
    private func refusal<Request: Decodable>(_ type: Request.Type, _ json: String) -> String? {
        do {
            _ = try decode(type, json)
            return nil
        } catch let refusal as RequestRefusal {
            return refusal.line
        } catch {
            return "not a refusal: \(error)"
        }
    }

    @Test("sit.start's params become the typed sit: numbers or texts, lists or commas, null or none")
    func sitParamsDecodeIntoTheTypedSit() throws {
        // Given params as a phone, a script and `ctl sit` write them
        let written = [
            #"{"minutes": 20, "countdown": "0", "interval": null, "bells": [5, 12.5], "noise-volume": 0.25, "seed": 7}"#,
            #"{"minutes": "20", "countdown": 0, "interval": "none", "bells": "5,12.5", "noise-volume": "0.25", "seed": "7"}"#
        ]
        // When each is decoded
        let decoded = try written.map { try decode(SitRequest.self, $0) }
        // Then both are the same typed sit
        let expected = SitRequest(
            minutes: ExactDecimal(20), countdown: ExactDecimal(0),
            sound: sound {
                $0[K.interval] = .cleared
                $0[K.bells] = BellList(settingText: "5,12.5").map(ClearableOption.value)
                $0[K.noiseVolume] = 0.25
                $0[K.seed] = .value(7)
            })
        #expect(decoded == [expected, expected])
    }

    @Test("A typed request written as params and read back is the same request")
    func encodedRequestsReadBackUnchanged() throws {
        // Given a sit, a track and a bell with every kind of value
        let sit = SitRequest(
            minutes: ExactDecimal("7.5"), countdown: nil,
            sound: sound {
                $0[K.interval] = ExactDecimal("2.5").map(ClearableOption.value)
                $0[K.bells] = .cleared
                $0[K.strikes] = 3
                $0[K.noise] = .pink
                $0[K.noiseVolume] = 0.1
                $0[K.gong] = "/tmp/a gong.wav"
                $0[K.gongVolume] = 0.8
                $0[K.sampleRate] = 44_100
                $0[K.seed] = .value(UInt64.max)
            },
            preset: "morning")
        let track = PlayRequest(
            track: "-starts with a dash", guided: GuidedRequest(then: ExactDecimal(10), normalize: false),
            sound: sound { $0[K.noise] = NoiseArgument.none })
        let bell = BellRequest(gong: "bell", strikes: 2, gongVolume: 0.5)
        // When each is encoded and decoded
        let encoder = JSONEncoder()
        let sitBack = try JSONDecoder().decode(SitRequest.self, from: encoder.encode(sit))
        let trackBack = try JSONDecoder().decode(PlayRequest.self, from: encoder.encode(track))
        let bellBack = try JSONDecoder().decode(BellRequest.self, from: encoder.encode(bell))
        // Then nothing has changed on the way
        #expect(sitBack == sit)
        #expect(trackBack == track)
        #expect(bellBack == bell)
    }

    @Test("A bad member is refused with one line: the command line's for a value, its name for an unknown")
    func badMembersAreRefusedWithOneLine() {
        #expect(
            refusal(SitRequest.self, #"{"minutes": "abc"}"#) == "'abc' is not a value for '--minutes <minutes>'")
        #expect(
            refusal(SitRequest.self, #"{"noise": "purple"}"#)
                == "'purple' is not a value for '--noise'; it takes 'white', 'pink', 'brown', 'ocean' or 'none'"
        )
        #expect(
            refusal(SitRequest.self, #"{"countdown": null}"#)
                == "'none' is not a value for '--countdown <seconds>'")
        #expect(
            refusal(SitRequest.self, #"{"bells": [5, "x"]}"#) == "'5,x' is not a value for '--bells <list|none>'")
        #expect(refusal(SitRequest.self, #"{"volume": 1}"#) == "unknown option '--volume'")
        #expect(refusal(SitRequest.self, #"{"minutes": {"a": 1}}"#)?.hasPrefix("an option's value is") == true)
        #expect(refusal(SitRequest.self, #"[20]"#) == #"the options are an object, e.g. {"minutes": 20}"#)
        #expect(refusal(BellRequest.self, #"{"minutes": 20}"#) == "unknown option '--minutes'")
        #expect(
            refusal(PlayRequest.self, #"{"then": 5}"#)
                == "play.start needs a track: its id, the start of its title, or a file")
        #expect(
            refusal(PlayRequest.self, #"{"track": "a", "gap": 3}"#)
                == "--gap is the pause before the sit that --then adds; give --then too")
        // And what is right is taken
        #expect(refusal(SitRequest.self, #"{"minutes": 20, "preset": "morning"}"#) == nil)
        #expect(refusal(PlayRequest.self, #"{"track": "a", "then": 5, "gap": 3, "normalize": false}"#) == nil)
    }

    @Test("A long bad value or member name is quoted short in its refusal, which still says why")
    func longValuesAreQuotedShort() throws {
        // Given 1200 segments, one 5000-letter kind, and a 5000-letter member name
        let segments = Array(repeating: "sit 0.1, walk 0.1", count: 600).joined(separator: ", ")
        let kind = String(repeating: "x", count: 5000)
        // When each is asked for
        let tooMany = refusal(SitRequest.self, #"{"segments": "\#(segments)"}"#) ?? ""
        let unknownKind = refusal(SitRequest.self, #"{"segments": "sit 1, \#(kind) 1"}"#) ?? ""
        let unknownMember = refusal(SitRequest.self, #"{"\#(kind)": 1}"#) ?? ""
        // Then each refusal is one short line that quotes the start and the end, and says why
        #expect(
            tooMany
                == "'sit 0.1, walk 0.1, sit 0.1, walk 0.1, si…t 0.1, walk 0.1' is not a value for "
                + "'--segments <list|none>': 1200 segments, more than the 200 a session may have")
        #expect(
            unknownKind.hasSuffix("'\(kind.prefix(40))…\(kind.suffix(13)) 1' is neither sit nor walk"), "\(unknownKind)"
        )
        #expect(unknownKind.count < 250, "\(unknownKind.count)")
        #expect(unknownMember == "unknown option '--\(kind.prefix(40))…\(kind.suffix(15))'")
    }

    @Test("A sit's values resolve over the settings: given ones win, the others come from the layers")
    func givenValuesWinOverTheSettings() throws {
        // Given settings with no layers (no config file, no variables), and a request that
        // names a few values
        let settings = try Settings.load(environment: [:], path: "/nonexistent/meditate/config.toml")
        let request = try decode(SitRequest.self, #"{"minutes": 7.5, "interval": 2.5, "noise": "brown"}"#)
        // When its configuration is made
        let configuration = request.configuration(settings)
        // Then what it names is there, and the rest are the declared defaults
        #expect(configuration.minutes == ExactDecimal("7.5"))
        #expect(configuration.interval == ExactDecimal("2.5"))
        #expect(configuration.noise == .brown)
        #expect(configuration.countdownSeconds == SettingKeys.countdown.defaultValue)
        #expect(configuration.strikes == SettingKeys.strikes.defaultValue)
    }

    @Test("random bells asked for win over a standing interval; given beside one in the same request, the plan refuses")
    func randomBellsReplaceTheInterval() throws {
        // Given an interval of 5 minutes from the environment
        let settings = try Settings.load(
            environment: ["MEDITATE_INTERVAL": "5"], path: "/nonexistent/meditate/config.toml")
        // When a sit asks for random bells (and the sea)
        let request = try decode(SitRequest.self, #"{"minutes": 30, "random-bells": "3-10", "noise": "ocean"}"#)
        let configuration = request.configuration(settings)
        // Then the random bells replace the interval
        #expect(configuration.randomBells == RandomBells("3-10"))
        #expect(configuration.interval == nil)
        #expect(configuration.noise == .ocean)
        #expect(throws: Never.self) { try SessionPlan(configuration) }
        // And both in one request are refused with one line
        let both = try decode(SitRequest.self, #"{"minutes": 30, "random-bells": "3-10", "interval": 5}"#)
        #expect(throws: SessionPlanError.randomBellsWithOthers) { try SessionPlan(both.configuration(settings)) }
        // And a bad range says what it expects and why, in the command line's words
        #expect(
            refusal(SitRequest.self, #"{"random-bells": "10-3"}"#)
                == "'10-3' is not a value for '--random-bells <min-max|none>': the shortest gap comes first: 3-10"
        )
    }

    @Test(
        "a role's own gong, volume and strikes count unless --gong, --gong-volume or --strikes is asked for more strongly"
    )
    func gongRolesOverTheGeneral() throws {
        // Given a softer bell between, from the environment
        let settings = try Settings.load(
            environment: ["MEDITATE_INTERVAL_GONG": "bell", "MEDITATE_INTERVAL_VOLUME": "0.4"],
            path: "/nonexistent/meditate/config.toml")
        // When a sit asks for nothing of the gongs
        let plain = try decode(SitRequest.self, #"{"minutes": 20, "interval": 5, "end-strikes": 3}"#).sound.resolve(
            settings)
        // Then the bells between are the bell at 0.4, the end struck three times, the rest the sit's
        #expect(plain.roleGongs == [.interval: "bell"])
        #expect(plain.roleVolumes == [.interval: 0.4])
        #expect(plain.roleStrikes == [.end: 3])
        // When a sit asks for one gong and one volume for all
        let all = try decode(SitRequest.self, #"{"gong": "gong", "gong-volume": 0.8}"#).sound.resolve(settings)
        // Then --gong and --gong-volume set every role
        #expect(all.roleGongs.isEmpty && all.roleVolumes.isEmpty && all.gong == "gong")
        // And a request's role members round-trip through params
        let request = try decode(SitRequest.self, #"{"start-gong": "gong", "interval-volume": "0.5"}"#)
        #expect(request.sound.givenValues == ["start-gong": "gong", "interval-volume": "0.5"])
        let again = try decode(SitRequest.self, String(decoding: try JSONEncoder().encode(request), as: UTF8.self))
        #expect(again == request)
    }

    @Test("what sounds while walking is a member and a setting: none by default, the request over a standing one")
    func walkSoundsMember() throws {
        // Given a standing setting that keeps the bed while walking
        let settings = try Settings.load(
            environment: ["MEDITATE_WALK_SOUNDS": "bed"], path: "/nonexistent/meditate/config.toml")
        // When a sit asks for nothing of it, the walk keeps the bed; when it asks for both, both
        #expect(try decode(SitRequest.self, #"{"minutes": 20}"#).sound.resolve(settings).walkSounds == .bed)
        let both = try decode(SitRequest.self, #"{"segments": "sit 10, walk 5, sit 10", "walk-sounds": "both"}"#)
        #expect(both.sound.resolve(settings).walkSounds == .both)
        var c = SessionConfiguration()
        both.sound.resolve(settings).apply(to: &c)
        #expect(c.walkSounds == .both)
        // And it round-trips through params, and a name it does not know is refused with the choices
        let again = try decode(SitRequest.self, String(decoding: try JSONEncoder().encode(both), as: UTF8.self))
        #expect(again == both)
        #expect(refusal(SitRequest.self, #"{"walk-sounds": "rain"}"#)?.contains("walk-sounds") == true)
        // And with no config, a walk is silent
        let none = try Settings.load(environment: [:], path: "/nonexistent/meditate/config.toml")
        #expect(try decode(SitRequest.self, #"{"minutes": 20}"#).sound.resolve(none).walkSounds == .none)
    }

    @Test("none is a value of every member without a default: a moment's own gong and the seed turn off a standing one")
    func noneTurnsOffEveryMemberWithoutADefault() throws {
        // Given a standing bell for the start gong
        let settings = try Settings.load(
            environment: ["MEDITATE_START_GONG": "bell"], path: "/nonexistent/meditate/config.toml")
        #expect(try decode(SitRequest.self, "{}").sound.resolve(settings).roleGongs == [.start: "bell"])
        // When a sit turns it off, and asks for no seed of a preset's
        let request = try decode(SitRequest.self, #"{"start-gong": null, "seed": "none"}"#)
        // Then the start takes the sit's gong, and the seed is left to chance
        #expect(request.sound.resolve(settings).roleGongs.isEmpty)
        #expect(request.sound[K.seed] == .cleared)
        // And a member with a default still refuses none as a value it is not
        #expect(refusal(SitRequest.self, #"{"strikes": null}"#)?.contains("--strikes") == true)
    }

    @Test("the walk's strikes count unless the transition's, which sets both boundaries, are asked for more strongly")
    func walkRoleUnderTheTransition() throws {
        // Given three strikes to rise, from the environment
        let settings = try Settings.load(
            environment: ["MEDITATE_WALK_STRIKES": "3"], path: "/nonexistent/meditate/config.toml")
        // When a sit asks for nothing of the boundaries, the walk keeps its three
        let plain = try decode(SitRequest.self, #"{"segments": "sit 10, walk 5, sit 10"}"#).sound.resolve(settings)
        #expect(plain.roleStrikes == [.walk: 3])
        // When a sit asks for two strikes at every boundary, both have two
        let asked = try decode(SitRequest.self, #"{"transition-strikes": 2}"#).sound.resolve(settings)
        #expect(asked.roleStrikes == [.transition: 2])
        // When it asks for each apart, each has its own
        let apart = try decode(SitRequest.self, #"{"walk-strikes": 1, "transition-strikes": 3}"#)
        #expect(apart.sound.resolve(settings).roleStrikes == [.walk: 1, .transition: 3])
        // And the walk's members round-trip through params
        #expect(apart.sound[K.strikes(for: .walk)] == .value(1))
        #expect(plain.walkSounds == .none)
        let again = try decode(SitRequest.self, String(decoding: try JSONEncoder().encode(apart), as: UTF8.self))
        #expect(again == apart)
    }
}
