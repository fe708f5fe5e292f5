import ArgumentParser
import Mixer

/// `--noise`: a colour, or none for true silence.
enum NoiseArgument: String, ExpressibleByArgument, CaseIterable, Sendable {
    case white, pink, brown, none

    var color: NoiseColor? { NoiseColor(rawValue: rawValue) }
}
