import Foundation
import Library

/// `meditate stats --json`: what `stats` shows, for scripts; equal on every device that holds
/// the same history.
enum StatsJSON {
    private struct Entry: Encodable {
        let sessions: Int
        let totalSeconds: Int
        let averageSeconds: Int
        /// Absent with `streaks = false`, as in the text.
        let currentStreak: Int?
        let longestStreak: Int?
        /// Seconds sat on each day ("2026-11-28"), days without a sit left out.
        let secondsByDay: [String: Int]
    }

    static func format(_ stats: PracticeStats, streaks: Bool) throws -> String {
        let entry = Entry(
            sessions: stats.sessions, totalSeconds: stats.totalSeconds, averageSeconds: stats.averageSeconds,
            currentStreak: streaks ? stats.currentStreak : nil, longestStreak: streaks ? stats.longestStreak : nil,
            secondsByDay: Dictionary(
                stats.secondsByDay.filter { $0.value > 0 }.map { ($0.key.description, $0.value) },
                uniquingKeysWith: +))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(entry), as: UTF8.self)
    }
}
