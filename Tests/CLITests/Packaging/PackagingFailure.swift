import ProgramTestSupport

/// A step of building or installing the package that failed, with what it said.
struct PackagingFailure: Error, CustomStringConvertible {
    let description: String
}
