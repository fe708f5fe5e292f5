import ArgumentParser
import Outputs
import Service

// Types of other modules that options take as they are.

extension SampleFormat: ExpressibleByArgument {}

extension ListenAddress: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
}
