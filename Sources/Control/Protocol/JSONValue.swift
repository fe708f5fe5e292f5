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

    public var arrayValue: [JSONValue]? {
        if case let .array(items) = self { return items }
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

    /// Parses one JSON text; nil when it is not JSON, nests deeper than `maximumDepth`, or holds
    /// a number no Double holds (1e400).
    ///
    /// What clients send is read by Foundation's JSONSerialization, in one pass, and the tree it
    /// gives is turned into a JSONValue: the Codable decoder, which tries each kind of value in
    /// turn at every level, took 0.32 s for a 56 KB line 31 deep (JSONSerialization: 17 ms),
    /// and far longer for deeper ones, all of it on the event loop every client shares.
    public static func parse(_ text: some StringProtocol) -> JSONValue? {
        let bytes = Data(text.utf8)
        guard depth(of: bytes) <= maximumDepth,
            let object = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
        else { return nil }
        return value(of: object)
    }

    /// The deepest nesting a message may have (a request is two or three levels deep): anything
    /// deeper is refused before it is parsed.
    public static let maximumDepth = 32

    /// The class Foundation gives `true` and `false` (an NSNumber, as every JSON number is).
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// A JSONSerialization tree as a JSONValue; nil for what JSON cannot hold. The containers
    /// are tried first: a cast that fails is costly on Linux, and asking a container whether it
    /// is NSNull or a String first made this 130 times slower (0.55 s for a 56 KB line).
    private static func value(of object: Any) -> JSONValue? {
        if let items = object as? [Any] {
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = value(of: item) else { return nil }
                values.append(value)
            }
            return .array(values)
        }
        if let members = object as? [String: Any] {
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(members.count)
            for (key, member) in members {
                guard let value = value(of: member) else { return nil }
                values[key] = value
            }
            return .object(values)
        }
        if let text = object as? String { return .string(text) }
        if let number = object as? NSNumber {
            if type(of: number) == booleanClass { return .bool(number.boolValue) }
            let double = number.doubleValue
            return double.isFinite ? .number(double) : nil
        }
        return object is NSNull ? .null : nil
    }

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
    /// A Codable value as JSON (a request as params, a track), written as a tree
    /// (`JSONValueEncoder`), not as text parsed back.
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoder.encode(value)
    }

    /// This value as a typed one (a request's params as its request), read from this tree
    /// (`JSONValueDecoder`): what the type's `init(from:)` throws is thrown as it is.
    public func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONValueDecoder(self).decode(type)
    }
}
