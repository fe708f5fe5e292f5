/// Times as a person reads them: 4:05, 1:02:03.
package enum ClockText {
    package static func format(seconds: Int) -> String {
        let s = max(0, seconds)
        if s >= 3600 { return "\(s / 3600):\(pad(s / 60 % 60)):\(pad(s % 60))" }
        return "\(s / 60):\(pad(s % 60))"
    }

    /// Rounded up, so that a countdown shows 0:00 only when it is over.
    package static func format(frames: Int, rate: Int) -> String {
        format(seconds: (max(0, frames) + rate - 1) / rate)
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
