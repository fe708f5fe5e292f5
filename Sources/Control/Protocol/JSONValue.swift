import Foundation

/// Any JSON value: what a request's parameters and a reply's result are, before a method gives
/// them a shape. Numbers are kept as `Double` (every integer a session uses fits exactly).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    public var numberValue: Double? {
        if case let .number(number) = self { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case let .bool(flag) = self { return flag }
        return nil
    }

    /// The number when it is a whole number that an `Int` holds.
    public var intValue: Int? {
        guard case let .number(number) = self, number.rounded() == number, abs(number) < 9e15 else { return nil }
        return Int(number)
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(flag): try container.encode(flag)
        case let .number(number):
            // Whole numbers are written without a fraction: a frame is 480000, not 480000.0.
            if let whole = intValue { try container.encode(whole) } else { try container.encode(number) }
        case let .string(text): try container.encode(text)
        case let .array(items): try container.encode(items)
        case let .object(members): try container.encode(members)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// One line of compact JSON, keys sorted (so that a line can be compared with an example).
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail: every case is a JSON value (a NaN is written as null
        // by `init(_ number:)`'s callers, never stored).
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else {
            return "null"
        }
        return text
    }

    /// Parses one JSON text; nil when it is not JSON, or nests deeper than `maximumDepth`.
    public static func parse(_ text: some StringProtocol) -> JSONValue? {
        let bytes = Data(text.utf8)
        guard depth(of: bytes) <= maximumDepth else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: bytes)
    }

    /// The deepest nesting a message may have. A request is two or three levels deep; what a
    /// client sends is decoded at a cost that grows faster than its depth (a 2 KB value nested
    /// 250 deep took 0.85 s, and 32 of them in one line held the event loop for 26 s), so
    /// anything deeper is refused before it is decoded.
    public static let maximumDepth = 32

    /// How deeply the arrays and objects of a JSON text nest, in one pass over its bytes
    /// (brackets inside strings do not count). Counting stops past `maximumDepth`.
    public static func depth(of bytes: some Collection<UInt8>) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if deepest > maximumDepth { return deepest }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }

    /// A number; NaN and the infinities, which JSON cannot hold, become null.
    public static func number(_ value: Int) -> JSONValue { .number(Double(value)) }

    public static func finite(_ value: Double) -> JSONValue { value.isFinite ? .number(value) : .null }
}

extension JSONValue {
    /// A Codable value as JSON (a track, a history entry).
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }
}
