/// A host and port as an address is written (`pi.local:8080`, `[fe80::1]:8080`), and a host as
/// a URL gives it, brackets and all, made bare again for a socket.
public enum HostPort {
    /// `host:port`, an IPv6 address in brackets.
    public static func authority(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// `[::1]` → `::1`; any other host as it is.
    public static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
