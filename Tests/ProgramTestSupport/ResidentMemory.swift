import Foundation

/// VmRSS of `pid` in KiB, from /proc; nil once the process has gone.
package func residentKiB(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}
