import CSystemd
import Clock
import Foundation

/// Finds the services of one DNS-SD type on the local network through Avahi's D-Bus API: a
/// service browser made without starting (`ServiceBrowserPrepare`, so that no item is sent before
/// it is listened for), read until Avahi says it has told all it knows (`AllForNow`) or the time
/// is up, then each item resolved to its host, addresses, port and TXT records. One service seen
/// on several interfaces or protocols is one result with every address.
///
/// Thread: the caller's, which it holds for at most `seconds` and the resolutions.
public enum AvahiBrowser {
    /// A service found.
    public struct Found: Sendable, Equatable {
        public let name: String
        /// Its host's name as Avahi resolved it (`pi.local`).
        public let host: String
        public var addresses: [String]
        public let port: Int
        /// Its TXT records, keys lowercased.
        public let txt: [String: String]
    }

    /// How long one resolution may take: a service that went away as it was found gives none.
    static let resolveMicroseconds: UInt64 = 2_000_000

    /// The services of `type` (`_meditate._tcp`), by name.
    public static func browse(type: String, seconds: Double) -> Result<[Found], DesktopBusError> {
        let opened = DesktopBus.open(.system)
        guard case let .success(bus) = opened else {
            if case let .failure(error) = opened { return .failure(error) }
            return .failure(DesktopBusError(status: -EINVAL, call: "open"))
        }
        do {
            let items = try items(of: type, on: bus, seconds: seconds)
            var found: [Found] = []
            for item in items {
                guard let resolved = try? resolve(item, on: bus) else { continue }
                if let index = found.firstIndex(where: { $0.name == resolved.name && $0.port == resolved.port }) {
                    for address in resolved.addresses where !found[index].addresses.contains(address) {
                        found[index].addresses.append(address)
                    }
                } else {
                    found.append(resolved)
                }
            }
            return .success(found.sorted { $0.name < $1.name })
        } catch {
            return .failure(error)
        }
    }

    /// One item a browser announced.
    struct Item: Equatable {
        let interface: Int32
        let `protocol`: Int32
        let name: String
        let type: String
        let domain: String
    }

    /// What the browser's signals said, on the caller's thread.
    private final class Heard {
        var path = ""
        var items: [Item] = []
        var done = false
        var failure: String?
        /// Beyond this, more items are not kept: a network that announces thousands of
        /// namesakes does not grow this list without bound.
        static let mostItems = 256

        func received(_ message: OpaquePointer) {
            guard let path = sd_bus_message_get_path(message).map({ String(cString: $0) }), path == self.path,
                let member = sd_bus_message_get_member(message).map({ String(cString: $0) })
            else { return }
            let reader = DesktopBusReader(message, call: member)
            switch member {
            case "ItemNew", "ItemRemove":
                guard let interface = try? reader.int32(), let proto = try? reader.int32(),
                    let name = try? reader.string(), let type = try? reader.string(), let domain = try? reader.string()
                else { return }
                let item = Item(interface: interface, protocol: proto, name: name, type: type, domain: domain)
                if member == "ItemNew" {
                    if items.count < Self.mostItems && !items.contains(item) { items.append(item) }
                } else {
                    items.removeAll { $0 == item }
                }
            case "AllForNow": done = true
            case "Failure":
                failure = (try? reader.string()) ?? "Failure"
                done = true
            default: break
            }
        }
    }

    private static func items(of type: String, on bus: DesktopBus, seconds: Double) throws(DesktopBusError) -> [Item] {
        let heard = Heard()
        heard.path = try bus.call(
            destination: Avahi.destination, path: Avahi.serverPath, interface: Avahi.server2,
            member: "ServiceBrowserPrepare",
            arguments: [.int32(Avahi.anyInterface), .int32(Avahi.anyProtocol), .string(type), .string(""), .uint32(0)]
        ) { reply throws(DesktopBusError) in try DesktopBusReader(reply, call: "ServiceBrowserPrepare").objectPath() }
        var slot: OpaquePointer?
        let matched = withExtendedLifetime(heard) {
            sd_bus_match_signal(
                bus.bus, &slot, Avahi.destination, heard.path, Avahi.serviceBrowser, nil,
                { message, context, _ in
                    guard let message, let context else { return 0 }
                    Unmanaged<Heard>.fromOpaque(context).takeUnretainedValue().received(message)
                    return 0
                }, Unmanaged.passUnretained(heard).toOpaque())
        }
        guard matched >= 0 else { throw DesktopBusError(status: matched, call: "AddMatch") }
        defer {
            sd_bus_slot_unref(slot)
            try? bus.call(
                destination: Avahi.destination, path: heard.path, interface: Avahi.serviceBrowser, member: "Free")
        }
        try bus.call(destination: Avahi.destination, path: heard.path, interface: Avahi.serviceBrowser, member: "Start")
        let deadline = MonotonicClock.seconds() + seconds
        while !heard.done {
            var processed: Int32
            repeat { processed = sd_bus_process(bus.bus, nil) } while processed > 0 && !heard.done
            if processed < 0 { throw DesktopBusError(status: processed, call: "process") }
            let left = deadline - MonotonicClock.seconds()
            if heard.done || left <= 0 { break }
            _ = sd_bus_wait(bus.bus, UInt64(left * 1_000_000))
        }
        if let failure = heard.failure {
            throw DesktopBusError(status: -EIO, call: "ServiceBrowser", name: failure)
        }
        return withExtendedLifetime(heard) { heard.items }
    }

    private static func resolve(_ item: Item, on bus: DesktopBus) throws(DesktopBusError) -> Found {
        try bus.call(
            destination: Avahi.destination, path: Avahi.serverPath, interface: Avahi.server, member: "ResolveService",
            arguments: [
                .int32(item.interface), .int32(item.protocol), .string(item.name), .string(item.type),
                .string(item.domain), .int32(Avahi.anyProtocol), .uint32(0)
            ], timeoutMicroseconds: resolveMicroseconds
        ) { reply throws(DesktopBusError) in
            let reader = DesktopBusReader(reply, call: "ResolveService")
            _ = try reader.int32()
            _ = try reader.int32()
            let name = try reader.string()
            _ = try reader.string()
            _ = try reader.string()
            let host = try reader.string()
            _ = try reader.int32()
            let address = try reader.string()
            let port = try reader.uint16()
            let txt = Avahi.pairs(of: try reader.byteArrays())
            return Found(name: name, host: host, addresses: [address], port: Int(port), txt: txt)
        }
    }
}
