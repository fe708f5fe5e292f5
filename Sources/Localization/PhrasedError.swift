/// An error whose one line is declared where the error is, in both languages side by side, so
/// that no refusal can ship without its German.
package protocol PhrasedError: Error {
    var phrase: Phrase { get }
}
