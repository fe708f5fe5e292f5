import ArgumentParser
import Mixer
import Outputs
import Session

extension ExactDecimal: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// `--noise`: a colour, or none for true silence.
enum NoiseArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case white, pink, brown, none

    var color: NoiseColor? { NoiseColor(rawValue: rawValue) }
}

extension SampleFormat: ExpressibleByArgument {}

/// `--bells 5,12.5,20`: minutes after the start gong.
struct BellList: ExpressibleByArgument, Sendable {
    var minutes: [ExactDecimal]

    init?(argument: String) {
        var minutes: [ExactDecimal] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = ExactDecimal(String(part)) else { return nil }
            minutes.append(value)
        }
        guard !minutes.isEmpty else { return nil }
        self.minutes = minutes
    }
}
