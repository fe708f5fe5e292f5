/// A value whose text, when it is refused, can say why: `--segments "sit 25, run 10"` is told
/// that `run 10` is neither sit nor walk, on the command line (an option's `transform`) and over
/// the protocol (`RequestMembers`) alike, after the line both give for any refused value.
package protocol ExplainedValue: SettingValue {
    /// The value of `text`, or why it is none, in the run's language.
    static func explained(_ text: String) throws(ArgumentReason) -> Self
}

extension ClearableOption: ExplainedValue where Value: ExplainedValue {
    package static func explained(_ text: String) throws(ArgumentReason) -> Self {
        if Setting<Value>.meansNone(text) { return .cleared }
        return .value(try Value.explained(text))
    }
}
