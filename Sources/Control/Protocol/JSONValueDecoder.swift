/// Reads a typed value straight out of a parsed `JSONValue`: a request's params become its
/// request in one walk over the tree the message was parsed into, not written out as JSON text
/// and parsed again. Numbers stay numbers: an integer type takes only a whole number it holds,
/// a floating-point type any finite one, and neither takes a string (as Foundation's
/// `JSONDecoder` does). `userInfo` is handed to every `init(from:)` on the way.
public struct JSONValueDecoder: Decoder {
    public let value: JSONValue
    public let codingPath: [any CodingKey]
    public let userInfo: [CodingUserInfoKey: Any]

    public init(_ value: JSONValue, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
    }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, members: members))
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(items) = value else { throw mismatch([JSONValue].self) }
        return Unkeyed(decoder: self, items: items)
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// The decoder of a member or an item: its value, one key further along.
    func child(_ value: JSONValue, key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value, codingPath: codingPath + [key], userInfo: userInfo)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(
            type, DecodingError.Context(codingPath: codingPath, debugDescription: "not a \(type)"))
    }

    /// A `T` of the value: the value itself for a JSONValue, else what `T.init(from:)` makes of it.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let same = value as? T { return same }
        return try T(from: self)
    }

    /// A whole number that `T` holds exactly.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case let .number(number) = value, number.rounded() == number, let whole = T(exactly: number) else {
            throw mismatch(type)
        }
        return whole
    }

    func double() throws -> Double {
        guard case let .number(number) = value else { throw mismatch(Double.self) }
        return number
    }
}

extension JSONValueDecoder {
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: JSONValueDecoder
        let members: [String: JSONValue]

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func member(_ key: Key) throws -> JSONValueDecoder {
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(
                    key, DecodingError.Context(codingPath: codingPath, debugDescription: "no member \(key.stringValue)")
                )
            }
            return decoder.child(value, key: key)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key).value == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try member(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try member(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }

        func superDecoder(forKey key: Key) throws -> any Decoder { try member(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: JSONValueDecoder
        let items: [JSONValue]
        private(set) var currentIndex = 0

        init(decoder: JSONValueDecoder, items: [JSONValue]) {
            self.decoder = decoder
            self.items = items
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        /// The next item's decoder; the index moves on only once the item is decoded.
        private func next(_ type: Any.Type) throws -> JSONValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type, DecodingError.Context(codingPath: codingPath, debugDescription: "no more items"))
            }
            return decoder.child(items[currentIndex], key: JSONValueDecoder.Index(currentIndex))
        }

        mutating func decodeNil() throws -> Bool {
            guard try next(Never.self).value == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try next(type).decode(type)
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try next(type).container(keyedBy: type)
            currentIndex += 1
            return container
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let container = try next([JSONValue].self).unkeyedContainer()
            currentIndex += 1
            return container
        }

        mutating func superDecoder() throws -> any Decoder {
            let item = try next(JSONValue.self)
            currentIndex += 1
            return item
        }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: JSONValueDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case let .bool(flag) = decoder.value else { throw decoder.mismatch(type) }
            return flag
        }

        func decode(_ type: String.Type) throws -> String {
            guard case let .string(text) = decoder.value else { throw decoder.mismatch(type) }
            return text
        }

        func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
        func decode(_ type: Float.Type) throws -> Float {
            // A number a Float holds (not one that would become infinite).
            let float = Float(try decoder.double())
            guard float.isFinite else { throw decoder.mismatch(type) }
            return float
        }
        func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
    }

    /// An item's place in an array, as a coding key.
    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { intValue.map(String.init) ?? "" }

        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}
