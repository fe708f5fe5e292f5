import Foundation
import NIOCore

/// Where a connection comes from, as far as a share of a listener's connections goes: one
/// IPv4 address, or one IPv6 /64 (what one household or one attacker holds at once). Loopback
/// and a Unix socket have no share: they are this machine, and a reverse proxy or an SSH tunnel
/// brings every phone in from there.
struct ConnectionSource: Hashable, Sendable {
    private let bytes: [UInt8]

    /// Nil for this machine (loopback, a Unix socket) and an unknown peer.
    init?(_ address: SocketAddress?) {
        guard let address, !Self.isLoopback(address) else { return nil }
        switch address {
        case let .v4(v4):
            bytes = withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case let .v6(v6):
            bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0.prefix(8)) }
        default:
            return nil
        }
    }

    /// True for 127.0.0.0/8 and ::1.
    static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case let .v4(v4): return (UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24) == 127
        case let .v6(v6):
            var loopback = in6addr_loopback
            var bound = v6.address.sin6_addr
            return memcmp(&loopback, &bound, MemoryLayout<in6_addr>.size) == 0
        default: return false
        }
    }
}
