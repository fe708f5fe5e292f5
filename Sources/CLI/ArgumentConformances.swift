import ArgumentParser
import Outputs

// Types of other modules that options take as they are.

extension SampleFormat: ExpressibleByArgument {}
