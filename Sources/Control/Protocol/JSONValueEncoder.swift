/// Writes an `Encodable` value as a `JSONValue` tree: a typed request becomes a method's params
/// without being written out as JSON text and parsed back. The counterpart of
/// `JSONValueDecoder`; a value that encodes nothing is null, a non-finite number is null (as
/// `JSONValue.finite` has it).
public final class JSONValueEncoder: Encoder {
    public let codingPath: [any CodingKey]
    public let userInfo: [CodingUserInfoKey: Any] = [:]
    /// What was written here: a value, or the members or items of a container still open.
    private var node: Node = .value(.null)

    private enum Node {
        case value(JSONValue)
        case object([String: JSONValueEncoder])
        case array([JSONValueEncoder])
    }

    init(codingPath: [any CodingKey] = []) { self.codingPath = codingPath }

    /// `value` as a JSON value.
    public static func encode(_ value: some Encodable) throws -> JSONValue {
        let encoder = JSONValueEncoder()
        try encoder.write(value)
        return encoder.value
    }

    /// The tree written so far.
    var value: JSONValue {
        switch node {
        case let .value(value): value
        case let .object(members): .object(members.mapValues(\.value))
        case let .array(items): .array(items.map(\.value))
        }
    }

    func write(_ value: some Encodable) throws {
        if let same = value as? JSONValue {
            node = .value(same)
        } else {
            try value.encode(to: self)
        }
    }

    /// The encoder of a member, made (or found) under `key`.
    func member(_ key: any CodingKey) -> JSONValueEncoder {
        guard case var .object(members) = node else {
            let child = JSONValueEncoder(codingPath: codingPath + [key])
            node = .object([key.stringValue: child])
            return child
        }
        if let child = members[key.stringValue] { return child }
        let child = JSONValueEncoder(codingPath: codingPath + [key])
        members[key.stringValue] = child
        node = .object(members)
        return child
    }

    /// The encoder of the next item.
    func item() -> JSONValueEncoder {
        var items: [JSONValueEncoder] = []
        if case let .array(written) = node { items = written }
        let child = JSONValueEncoder(codingPath: codingPath + [JSONValueDecoder.Index(items.count)])
        items.append(child)
        node = .array(items)
        return child
    }

    func set(_ value: JSONValue) { node = .value(value) }

    var itemCount: Int {
        if case let .array(items) = node { return items.count }
        return 0
    }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node {} else { node = .object([:]) }
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node {} else { node = .array([]) }
        return Unkeyed(encoder: self)
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }
}

extension JSONValueEncoder {
    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws { encoder.member(key).set(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.member(key).write(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            encoder.member(key).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.member(key).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { encoder.member(Name.superKey) }

        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.member(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { encoder.itemCount }

        mutating func encodeNil() throws { encoder.item().set(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.item().write(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            encoder.item().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.item().unkeyedContainer() }

        mutating func superEncoder() -> any Encoder { encoder.item() }
    }

    /// The key `super` that `superEncoder()` writes under, as Foundation's encoder names it.
    struct Name: CodingKey {
        static let superKey = Name(stringValue: "super")

        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.set(.null) }
        mutating func encode(_ value: Bool) throws { encoder.set(.bool(value)) }
        mutating func encode(_ value: String) throws { encoder.set(.string(value)) }
        mutating func encode(_ value: Double) throws { encoder.set(.finite(value)) }
        mutating func encode(_ value: Float) throws { encoder.set(.finite(Double(value))) }
        mutating func encode(_ value: Int) throws { try number(value) }
        mutating func encode(_ value: Int8) throws { try number(value) }
        mutating func encode(_ value: Int16) throws { try number(value) }
        mutating func encode(_ value: Int32) throws { try number(value) }
        mutating func encode(_ value: Int64) throws { try number(value) }
        mutating func encode(_ value: UInt) throws { try number(value) }
        mutating func encode(_ value: UInt8) throws { try number(value) }
        mutating func encode(_ value: UInt16) throws { try number(value) }
        mutating func encode(_ value: UInt32) throws { try number(value) }
        mutating func encode(_ value: UInt64) throws { try number(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value) }

        /// A whole number, which a JSON number (a Double) must hold exactly.
        private func number<T: BinaryInteger>(_ value: T) throws {
            guard let exact = Double(exactly: value) else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath, debugDescription: "\(value) is past what a JSON number holds exactly"))
            }
            encoder.set(.number(exact))
        }
    }
}
