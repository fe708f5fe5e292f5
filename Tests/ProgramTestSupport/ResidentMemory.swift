import Foundation

/// The resident memory of process `pid` in KiB, from /proc; nil when it has gone, or when it is
/// not yet the program it was started as (a child between its fork and its exec shares its
/// parent's memory, the test process's hundreds of MiB, and /proc says so). With `program`,
/// only a process whose name (`Name:`, the first 15 bytes) begins as that one's is measured.
package func residentKiB(of pid: pid_t, program: String? = nil) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    let lines = status.split(separator: "\n")
    if let program {
        guard
            let name = lines.first(where: { $0.hasPrefix("Name:") })?.dropFirst("Name:".count)
                .trimmingCharacters(in: .whitespaces),
            !name.isEmpty, program.hasPrefix(name)
        else { return nil }
    }
    guard let line = lines.first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}
