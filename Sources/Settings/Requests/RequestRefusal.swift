/// Why a request's params were refused, in one line of the run's language: what the service
/// answers with `invalidParams`, and what the command line prints for the same value.
package struct RequestRefusal: Error, CustomStringConvertible, Sendable {
    package let line: String

    package init(_ line: String) { self.line = line }

    package var description: String { line }

    /// A value its option's parser does not take, in ArgumentParser's words, put into the run's
    /// language as the command line puts them (`ParserMessages`), so that `"minutes": "abc"`
    /// and `--minutes abc` are refused alike; with the `reason` ArgumentParser puts after it too.
    /// A long value is quoted short (`ShownValue`).
    static func invalid(_ text: String, option: RequestOption, reason: ArgumentReason? = nil) -> RequestRefusal {
        var line = "The value '\(ShownValue.short(text))' is invalid for '--\(option.name) <\(option.valueName)>'"
        if let reason {
            line += ": \(reason.phrase)"
        } else if let last = option.choices.last {
            let quoted = option.choices.dropLast().map { "'\($0)'" }.joined(separator: ", ")
            line += ". Please provide one of \(quoted) or '\(last)'."
        }
        return RequestRefusal(ParserMessages.error(line))
    }
}
