import ArgumentParser
import Session

// `--random-bells 3-10` parses as the setting and the request member do.
extension RandomBells: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
