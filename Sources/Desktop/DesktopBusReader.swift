import CSystemd
import Foundation

/// Reads a message's values in order, each checked: a value of another type than asked for,
/// or none left, is an error, never a guess.
///
/// Thread: the one that owns the message's bus.
struct DesktopBusReader {
    private let message: OpaquePointer
    private let call: String

    init(_ message: OpaquePointer, call: String) {
        self.message = message
        self.call = call
    }

    private static func type(_ code: Character) -> CChar { CChar(bitPattern: code.asciiValue ?? 0) }

    private func checked(_ status: Int32) throws(DesktopBusError) {
        // 0: nothing left where a value was expected.
        guard status > 0 else { throw DesktopBusError(status: status == 0 ? -EBADMSG : status, call: call) }
    }

    func string() throws(DesktopBusError) -> String { try text("s") }

    func objectPath() throws(DesktopBusError) -> String { try text("o") }

    private func text(_ code: Character) throws(DesktopBusError) -> String {
        var value: UnsafePointer<CChar>?
        try checked(sd_bus_message_read_basic(message, Self.type(code), &value))
        guard let value else { throw DesktopBusError(status: -EBADMSG, call: call) }
        return String(cString: value)
    }

    func int32() throws(DesktopBusError) -> Int32 {
        var value: Int32 = 0
        try checked(sd_bus_message_read_basic(message, Self.type("i"), &value))
        return value
    }

    func uint32() throws(DesktopBusError) -> UInt32 {
        var value: UInt32 = 0
        try checked(sd_bus_message_read_basic(message, Self.type("u"), &value))
        return value
    }

    func uint16() throws(DesktopBusError) -> UInt16 {
        var value: UInt16 = 0
        try checked(sd_bus_message_read_basic(message, Self.type("q"), &value))
        return value
    }

    /// An `aay`: DNS-SD's TXT records, each as its bytes.
    func byteArrays() throws(DesktopBusError) -> [[UInt8]] {
        try checked(sd_bus_message_enter_container(message, Self.type("a"), "ay"))
        var arrays: [[UInt8]] = []
        while true {
            var pointer: UnsafeRawPointer?
            var size = 0
            let read = sd_bus_message_read_array(message, Self.type("y"), &pointer, &size)
            guard read >= 0 else { throw DesktopBusError(status: read, call: call) }
            if read == 0 { break }
            arrays.append(pointer.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? [])
        }
        try checked(sd_bus_message_exit_container(message))
        return arrays
    }
}
