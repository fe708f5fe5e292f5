import ArgumentParser
import Outputs
import Session

// Types of other modules that options take as they are.

extension ExactDecimal: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension SampleFormat: ExpressibleByArgument {}
