/// Why a value's text was refused, one phrase in the run's language: ArgumentParser puts it
/// after its "The value … is invalid for …" (it words a thrown error by its description), and
/// `RequestRefusal` after the same line for a request's member.
package struct ArgumentReason: Error, CustomStringConvertible, Sendable, Equatable {
    package let phrase: String

    package init(_ phrase: String) { self.phrase = phrase }

    package var description: String { phrase }
}
