import Mixer
import Outputs
import Session

/// `--bells 5,12.5,20`: minutes after the start gong.
package struct BellList: Sendable, Equatable {
    package var minutes: [ExactDecimal]

    package init?(settingText: String) {
        var minutes: [ExactDecimal] = []
        for part in settingText.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = ExactDecimal(String(part)) else { return nil }
            minutes.append(value)
        }
        guard !minutes.isEmpty else { return nil }
        self.minutes = minutes
    }

    init(minutes: [ExactDecimal]) { self.minutes = minutes }
}
