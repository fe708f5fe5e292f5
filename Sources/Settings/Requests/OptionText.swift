/// A member's value as the text its option takes on the command line: `20` and `"20"` are
/// `20`, `[5, 12.5]` and `"5,12.5"` are `5,12.5`, null is `none` (for a setting that may be
/// turned off this time), and true or false a flag's state.
struct OptionText: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = "none"
        } else if let flag = try? container.decode(Bool.self) {
            text = flag ? "true" : "false"
        } else if let whole = try? container.decode(Int.self) {
            text = String(whole)
        } else if let number = try? container.decode(Double.self) {
            text = number.description
        } else if let string = try? container.decode(String.self) {
            text = string
        } else if let items = try? container.decode([OptionText].self) {
            text = items.map(\.text).joined(separator: ",")
        } else {
            throw RequestRefusal(
                localized(
                    "an option's value is a number, a text, a list or (a flag) true or false",
                    de: "der Wert einer Option ist eine Zahl, ein Text, eine Liste oder (ein Schalter) true oder false")
            )
        }
    }
}
