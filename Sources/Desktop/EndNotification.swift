import Foundation

/// The desktop notification that a sit has ended, for a person whose terminal is behind other
/// windows. A new one replaces the last one meditate showed (its id is kept in the runtime
/// folder between runs) instead of stacking one per sit.
public enum EndNotification {
    /// Shows `summary` and `body` through org.freedesktop.Notifications on `bus` (the session
    /// bus); `idFile` keeps the id to replace next time.
    public static func show(
        on bus: DesktopBus, summary: String, body: String, idFile: String?
    ) throws(DesktopBusError) {
        let replaces =
            idFile.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
            .flatMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        let id = try DesktopNotification(summary: summary, body: body, replaces: replaces).show(on: bus)
        if let idFile {
            try? FileManager.default.createDirectory(
                atPath: (idFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? "\(id)\n".write(toFile: idFile, atomically: true, encoding: .utf8)
        }
    }
}
