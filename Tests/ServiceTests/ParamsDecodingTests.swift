import Control
import Foundation
import Library
import Session
import Settings
import Testing

@testable import Service

/// A method's params as the service reads them: parsed once into a `JSONValue`, then read into
/// their typed request straight from that tree (`JSONValueDecoder`), numbers as numbers.
@Suite struct ParamsDecodingTests {
    private func parsed(_ json: String) throws -> JSONValue {
        try #require(JSONValue.parse(json))
    }

    private func decode<Params: Decodable>(_ type: Params.Type, _ json: String) throws -> Params {
        try ParamsDecoder.decode(type, parsed(json))
    }

    /// The line a refused params gives, or nil when they are taken.
    private func refusal<Params: Decodable>(_ type: Params.Type, _ json: String) throws -> String? {
        let params = try parsed(json)
        do throws(RPCError) {
            _ = try ParamsDecoder.decode(type, params)
            return nil
        } catch {
            return error.code == RPCError.invalidParams("").code ? error.message : "not invalidParams: \(error)"
        }
    }

    @Test("a number member is read as a number: minutes in the seventh decimal, bells as numbers and texts")
    func numbersAreReadAsNumbers() throws {
        // Given minutes that JSON writes in an exponent, and bells mixing numbers and texts
        let json = #"{"minutes": 1e-7, "bells": [5, "12.5", 20], "noise-volume": 0.15, "strikes": 3.0}"#
        // When the params are read as sit.start reads them
        let sit = try decode(Resuming<SitRequest>.self, json).request
        // Then each is the number sent: the minutes exactly, not a text the minutes parser refuses
        #expect(sit.minutes == ExactDecimal("0.0000001"))
        #expect(sit.sound[SettingKeys.bells]?.value?.minutes == ["5", "12.5", "20"].compactMap { ExactDecimal($0) })
        #expect(sit.sound[SettingKeys.noiseVolume] == Float("0.15"))
        #expect(sit.sound[SettingKeys.strikes] == 3)
    }

    @Test("segments may come as a list, one segment an item, and read as the same text would")
    func segmentsComeAsAList() throws {
        let listed = try decode(Resuming<SitRequest>.self, #"{"segments": ["sit 1", "walk 0.5", "sit 1"]}"#)
        let written = try decode(Resuming<SitRequest>.self, #"{"segments": "sit 1, walk 0.5, sit 1"}"#)
        #expect(listed.request == written.request)
        #expect(listed.request.segments?.value?.segments.count == 3)
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"segments": ["sit 1", 5]}"#)
                == "'sit 1,5' is not a value for '--segments <list|none>'")
    }

    @Test("a number no value of its member holds is refused with the number as sent")
    func unfitNumbersAreRefused() throws {
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"strikes": 2.5}"#)
                == "'2.5' is not a value for '--strikes <strikes>'")
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"minutes": 0.1234567891}"#)
                == "'0.1234567891' is not a value for '--minutes <minutes>'")
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"noise": 3}"#)?
                .hasPrefix("'3' is not a value for '--noise'; it takes 'white'") == true)
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"random-bells": 3}"#)
                == "'3' is not a value for '--random-bells <min-max|none>'")
    }

    @Test("resume is a member read with the request's own, in one pass: true, false, or refused by name")
    func resumeIsAMemberOfTheParams() throws {
        let resuming = try decode(Resuming<SitRequest>.self, #"{"minutes": 3, "resume": true}"#)
        #expect(resuming.resume)
        #expect(resuming.request.minutes == ExactDecimal(3))
        #expect(try decode(Resuming<PlayRequest>.self, #"{"track": "talk"}"#).resume == false)
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"resume": "maybe"}"#)
                == "'maybe' is not a value for '--resume <true|false>'")
        #expect(
            try refusal(Resuming<SitRequest>.self, #"{"resumes": true}"#) == "unknown option '--resumes'")
    }

    @Test("schedule.add's params are typed: every a whole number or its text, times and days words")
    func scheduleParamsAreTyped() throws {
        let every = try decode(
            ScheduleParams.self, #"{"action": "bell", "every": 60, "from": "09:00", "to": "17:00"}"#)
        #expect(every.action == .bell)
        #expect(try every.when.times() == .every(minutes: 60, from: 9 * 3600, to: 17 * 3600))
        let text = try decode(
            ScheduleParams.self, #"{"action": "bell", "every": "60", "from": "09:00", "to": "17:00"}"#)
        #expect(try text.when.times() == every.when.times())
        let half = try decode(
            ScheduleParams.self, #"{"action": "bell", "every": 5.5, "from": "09:00", "to": "17:00"}"#)
        #expect(throws: ScheduleWhenRefusal.every("5.5")) { try half.when.times() }
        #expect(
            try refusal(ScheduleParams.self, #"{"action": "sit", "at": 630}"#)
                == "at '630' is not a time of day (HH:MM or HH:MM:SS)")
        #expect(try refusal(ScheduleParams.self, #"{"action": "nap", "at": "06:30"}"#) == "action is sit, play or bell")
        #expect(try refusal(ScheduleParams.self, #"{"action": "sit", "over": 1}"#) == "over is true or false")
        #expect(
            try refusal(ScheduleParams.self, #"{"action": "sit", "when": "06:30"}"#)
                == "'when' is not a member of a schedule")
        #expect(try decode(ScheduleParams.self, #"{"action": "sit", "at": "06:30"}"#).options == [:])
    }

    @Test("a schedule's id is a whole number from 1")
    func scheduleIDsAreWholeNumbers() throws {
        #expect(try decode(ScheduleIDParams.self, #"{"id": 3}"#).id == 3)
        for json in [#"{"id": 0}"#, #"{"id": 3.5}"#, #"{"id": "3"}"#, #"{}"#, #"[3]"#] {
            #expect(try refusal(ScheduleIDParams.self, json) == "the schedule's id is needed: a whole number from 1")
        }
    }
}
