/// Avahi's D-Bus API on the system bus (avahi-daemon 0.8, Debian 12 and 13): its names, and the
/// numbers it speaks in (from its introspection files, /usr/share/dbus-1/interfaces).
enum Avahi {
    static let destination = "org.freedesktop.Avahi"
    static let serverPath = "/"
    static let server = "org.freedesktop.Avahi.Server"
    /// 0.8's second server interface: a browser made without starting, so that no signal is
    /// sent before its listener is there.
    static let server2 = "org.freedesktop.Avahi.Server2"
    static let entryGroup = "org.freedesktop.Avahi.EntryGroup"
    static let serviceBrowser = "org.freedesktop.Avahi.ServiceBrowser"

    /// Every interface, every protocol (`AVAHI_IF_UNSPEC`, `AVAHI_PROTO_UNSPEC`).
    static let anyInterface: Int32 = -1
    static let anyProtocol: Int32 = -1

    /// An entry group's states (`AvahiEntryGroupState`).
    enum GroupState: Int32 {
        case uncommitted = 0, registering, established, collision, failure
    }

    /// The error a name another entry holds on this host is refused with.
    static let collisionError = "org.freedesktop.Avahi.CollisionError"

    /// DNS-SD's TXT records (RFC 6763 6.3): `key=value`, each at most 255 bytes.
    static func txt(_ pairs: [(key: String, value: String)]) -> [[UInt8]] {
        pairs.map { Array("\($0.key)=\($0.value)".utf8.prefix(255)) }
    }

    /// TXT records as keys and values; a key without `=` has an empty value, the first of a
    /// key repeated counts (RFC 6763 6.4).
    static func pairs(of records: [[UInt8]]) -> [String: String] {
        var pairs: [String: String] = [:]
        for record in records {
            let text = String(decoding: record, as: UTF8.self)
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = parts.first.map({ String($0).lowercased() }), !key.isEmpty, pairs[key] == nil else {
                continue
            }
            pairs[key] = parts.count == 2 ? String(parts[1]) : ""
        }
        return pairs
    }
}
