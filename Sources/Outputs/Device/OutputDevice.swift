import CALSA
import CPulse

/// A device a backend offers, as `meditate devices` lists it.
public struct OutputDevice: Sendable, Equatable {
    public var name: String
    public var description: String
}
