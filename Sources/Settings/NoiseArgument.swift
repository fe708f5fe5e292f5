import Mixer

/// `--noise`: a colour, or none for true silence.
package enum NoiseArgument: String, CaseIterable, Sendable {
    case white, pink, brown, ocean, none

    package var color: NoiseColor? { NoiseColor(rawValue: rawValue) }
}
