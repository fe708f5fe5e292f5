/// Why a request's params were refused, in one line of the run's language: what the service
/// answers with `invalidParams`, and what the command line prints for the same value.
package struct RequestRefusal: Error, CustomStringConvertible, Sendable {
    package let line: String

    package init(_ line: String) { self.line = line }

    package var description: String { line }

    /// A value its option's parser does not take, in ArgumentParser's words (and, in German,
    /// in the words the command line translates them to), so that `"minutes": "abc"` and
    /// `--minutes abc` are refused alike.
    static func invalid(_ text: String, option: RequestOption) -> RequestRefusal {
        let flag = "--\(option.name) <\(option.valueName)>"
        let line = localized(
            "The value '\(text)' is invalid for '\(flag)'", de: "der Wert '\(text)' passt nicht zu '\(flag)'")
        guard let last = option.choices.last else { return RequestRefusal(line) }
        let quoted = option.choices.dropLast().map { "'\($0)'" }.joined(separator: ", ")
        return RequestRefusal(
            line
                + localized(
                    ". Please provide one of \(quoted) or '\(last)'.", de: "; möglich sind \(quoted) oder '\(last)'"))
    }
}
