import CSystemd

/// One argument of a method call, appended with sd-bus's non-variadic calls (Swift cannot call
/// `sd_bus_message_append`, which is variadic).
enum DesktopBusArgument {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    /// An array of strings (`as`).
    case strings([String])
    /// A dictionary of string values (`a{sv}`, each value a variant holding a string).
    case stringHints([(String, String)])

    private static func type(_ code: Character) -> CChar { CChar(bitPattern: code.asciiValue ?? 0) }

    /// Appends the argument; sd-bus's status (negative: an errno).
    func append(to message: OpaquePointer) -> Int32 {
        switch self {
        case let .string(text):
            return text.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
        case var .uint32(value):
            return sd_bus_message_append_basic(message, Self.type("u"), &value)
        case var .int32(value):
            return sd_bus_message_append_basic(message, Self.type("i"), &value)
        case let .strings(texts):
            var status = sd_bus_message_open_container(message, Self.type("a"), "s")
            for text in texts where status >= 0 {
                status = text.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
            }
            return status < 0 ? status : sd_bus_message_close_container(message)
        case let .stringHints(hints):
            var status = sd_bus_message_open_container(message, Self.type("a"), "{sv}")
            for (key, value) in hints where status >= 0 {
                status = sd_bus_message_open_container(message, Self.type("e"), "sv")
                if status >= 0 { status = key.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) } }
                if status >= 0 { status = sd_bus_message_open_container(message, Self.type("v"), "s") }
                if status >= 0 {
                    status = value.withCString { sd_bus_message_append_basic(message, Self.type("s"), $0) }
                }
                if status >= 0 { status = sd_bus_message_close_container(message) }
                if status >= 0 { status = sd_bus_message_close_container(message) }
            }
            return status < 0 ? status : sd_bus_message_close_container(message)
        }
    }
}
