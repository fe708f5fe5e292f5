import ArgumentParser
import Session

// A decimal option parses as the setting does: `--minutes 7.5` and `minutes = 7.5` alike.
extension ExactDecimal: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
