import Control
import Foundation
import Session
import Settings
import Testing

/// The encoder that writes a typed value as a JSON value tree: what `meditate ctl` sends as
/// params, and what the service answers with for a track.
@Suite struct JSONValueEncoderTests {
    private struct Shape: Codable, Equatable {
        let count: Int64
        let share: Double
        let name: String?
        let flags: [Bool]
        let nested: [String: [UInt8]]
        let anything: JSONValue
    }

    @Test("a value is written as the tree Foundation's encoder would write as text, and reads back the same")
    func writesTheTreeJSONTextWouldHold() throws {
        // Given a shape with every kind of member, one optional left out, and a typed sit
        let shape = Shape(
            count: 480_000, share: 0.25, name: nil, flags: [true, false], nested: ["a": [1, 255], "b": []],
            anything: ["k": [nil, 1.5, "x"]])
        let sit = SitRequest(
            minutes: ExactDecimal("7.5"),
            sound: {
                typealias K = SettingKeys
                var sound = SitSoundRequest()
                sound[K.interval] = .cleared
                sound[K.bells] = BellList(settingText: "5,12.5").map(ClearableOption.value)
                sound[K.strikes] = 3
                sound[K.noise] = .pink
                sound[K.noiseVolume] = 0.1
                sound[K.seed] = .value(UInt64.max)
                return sound
            }(),
            preset: "morning")
        // When each is written as a tree, and as text by JSONEncoder
        let tree = try JSONValue(encoding: shape)
        let text = try #require(JSONValue.parse(String(decoding: JSONEncoder().encode(shape), as: UTF8.self)))
        let sitTree = try JSONValue(encoding: sit)
        let sitText = try #require(JSONValue.parse(String(decoding: JSONEncoder().encode(sit), as: UTF8.self)))
        // Then the trees are the same, the left-out member is absent, and both read back
        #expect(tree == text)
        #expect(tree["name"] == nil)
        #expect(try tree.decode(as: Shape.self) == shape)
        #expect(sitTree == sitText)
        #expect(try sitTree.decode(as: SitRequest.self) == sit)
    }

    @Test("a whole number past what a JSON number holds exactly is refused; a float that is no number is null")
    func refusesWhatJSONCannotHold() throws {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [Int64.max]) }
        #expect(try JSONValue(encoding: [Double.nan, 1]) == [nil, 1])
        #expect(try JSONValue(encoding: Int64(1) << 53) == .number(9_007_199_254_740_992))
    }
}
