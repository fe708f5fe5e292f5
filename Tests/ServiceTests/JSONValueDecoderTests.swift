import Control
import Foundation
import Testing

/// The decoder over a parsed JSON value: what it takes for each type, and where it says it failed.
@Suite struct JSONValueDecoderTests {
    private struct Shape: Decodable, Equatable {
        let count: Int
        let share: Float
        let name: String
        let flags: [Bool]
        let nested: [String: [UInt8]]
        let anything: JSONValue
        let missing: Int?
    }

    @Test("a value is read straight from the tree: whole numbers for integers, any finite one for floats")
    func readsEachKindFromTheTree() throws {
        let value = try #require(
            JSONValue.parse(
                #"{"count": 20.0, "share": 0.25, "name": "x", "flags": [true, false], "nested": {"a": [1, 255]}, "anything": {"k": [null, 1.5]}}"#
            ))
        let shape = try value.decode(as: Shape.self)
        #expect(
            shape
                == Shape(
                    count: 20, share: 0.25, name: "x", flags: [true, false], nested: ["a": [1, 255]],
                    anything: ["k": [nil, 1.5]], missing: nil))
    }

    @Test("an integer is never a fraction, a text or out of its range; a float never infinite; the path says where")
    func refusesWhatATypeDoesNotHold() throws {
        for (json, path) in [
            (#"{"count": 20.5}"#, "count"), (#"{"count": "20"}"#, "count"), (#"{"count": true}"#, "count"),
            (#"{"nested": {"a": [1, 256]}}"#, "nested.a.1")
        ] {
            let value = try #require(JSONValue.parse(json))
            do {
                _ = try value.decode(as: [String: Counted].self)
                Issue.record("\(json) was taken")
            } catch let DecodingError.typeMismatch(_, context) {
                #expect(context.codingPath.map(\.stringValue).joined(separator: ".") == path, "\(json)")
            }
        }
        let huge = try #require(JSONValue.parse(#"1e300"#))
        #expect(throws: DecodingError.self) { try huge.decode(as: Float.self) }
        #expect(try JSONValue.number(1e300).decode(as: Double.self) == 1e300)
    }

    /// Either member of the failing shapes above.
    private enum Counted: Decodable {
        case count(Int)
        case nested([String: [UInt8]])

        init(from decoder: any Decoder) throws {
            if decoder.codingPath.last?.stringValue == "count" {
                self = .count(try Int(from: decoder))
            } else {
                self = .nested(try [String: [UInt8]](from: decoder))
            }
        }
    }
}
