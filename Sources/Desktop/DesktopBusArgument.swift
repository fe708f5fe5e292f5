import CSystemd

/// One value on the bus, appended with sd-bus's non-variadic calls (Swift cannot call
/// `sd_bus_message_append`, which is variadic): a method call's argument, a property's value.
enum DesktopBusArgument: Equatable, Sendable {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    case uint16(UInt16)
    case int64(Int64)
    case double(Double)
    case boolean(Bool)
    case objectPath(String)
    /// An array of strings (`as`).
    case strings([String])
    /// An array of byte arrays (`aay`): DNS-SD's TXT records.
    case byteArrays([[UInt8]])
    /// A dictionary of variants (`a{sv}`): notification hints, MPRIS metadata.
    case dictionary([Entry])

    struct Entry: Equatable, Sendable {
        let key: String
        let value: DesktopBusArgument

        init(_ key: String, _ value: DesktopBusArgument) {
            self.key = key
            self.value = value
        }
    }

    private static func type(_ code: Character) -> CChar { CChar(bitPattern: code.asciiValue ?? 0) }

    /// Its D-Bus signature, for a variant that holds it.
    var signature: String {
        switch self {
        case .string: "s"
        case .uint32: "u"
        case .int32: "i"
        case .uint16: "q"
        case .int64: "x"
        case .double: "d"
        case .boolean: "b"
        case .objectPath: "o"
        case .strings: "as"
        case .byteArrays: "aay"
        case .dictionary: "a{sv}"
        }
    }

    /// Appends the value; sd-bus's status (negative: an errno).
    func append(to message: OpaquePointer) -> Int32 {
        switch self {
        case let .string(text):
            return text.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
        case let .objectPath(path):
            return path.withCString { sd_bus_message_append_basic(message, Self.type("o"), $0) }
        case var .uint32(value):
            return sd_bus_message_append_basic(message, Self.type("u"), &value)
        case var .int32(value):
            return sd_bus_message_append_basic(message, Self.type("i"), &value)
        case var .uint16(value):
            return sd_bus_message_append_basic(message, Self.type("q"), &value)
        case var .int64(value):
            return sd_bus_message_append_basic(message, Self.type("x"), &value)
        case var .double(value):
            return sd_bus_message_append_basic(message, Self.type("d"), &value)
        case let .boolean(value):
            // D-Bus booleans travel as a 32-bit int.
            var truth: Int32 = value ? 1 : 0
            return sd_bus_message_append_basic(message, Self.type("b"), &truth)
        case let .strings(texts):
            var status = sd_bus_message_open_container(message, Self.type("a"), "s")
            for text in texts where status >= 0 {
                status = text.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
            }
            return status < 0 ? status : sd_bus_message_close_container(message)
        case let .byteArrays(arrays):
            var status = sd_bus_message_open_container(message, Self.type("a"), "ay")
            for bytes in arrays where status >= 0 {
                status = bytes.withUnsafeBytes {
                    sd_bus_message_append_array(message, Self.type("y"), $0.baseAddress, $0.count)
                }
            }
            return status < 0 ? status : sd_bus_message_close_container(message)
        case let .dictionary(entries):
            var status = sd_bus_message_open_container(message, Self.type("a"), "{sv}")
            for entry in entries where status >= 0 {
                status = sd_bus_message_open_container(message, Self.type("e"), "sv")
                if status >= 0 {
                    status = entry.key.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
                }
                if status >= 0 {
                    status = sd_bus_message_open_container(message, Self.type("v"), entry.value.signature)
                }
                if status >= 0 { status = entry.value.append(to: message) }
                if status >= 0 { status = sd_bus_message_close_container(message) }
                if status >= 0 { status = sd_bus_message_close_container(message) }
            }
            return status < 0 ? status : sd_bus_message_close_container(message)
        }
    }
}
