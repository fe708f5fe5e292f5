import Foundation

/// libsndfile's and libmpg123's reasons, in words for the person whose file failed. The
/// libraries word them for programmers ("Error : flac decoder lost sync.", "Failed to find valid
/// MPEG data within limit on resync. (code 28)"); the ones a damaged or cut-off file gives are
/// said plainly, the rest only lose the libraries' decoration. Their German is keyed by these
/// plain words (`DecoderReason.german`).
public enum DecoderReason {
    public static func plain(_ library: String) -> String {
        var text = Substring(library).trimmingPrefix("Error : ")
        // mpg123's "(code 28)": the number means nothing to the person.
        if let code = text.range(of: " (code ", options: .backwards), text.hasSuffix(")") {
            text = text[..<code.lowerBound]
        }
        while let last = text.last, last == "." || last == "!" || last == " " { text.removeLast() }
        let trimmed = String(text)
        return known[trimmed.lowercased()] ?? trimmed
    }

    public static let flacDamaged = "the FLAC data is damaged or cut short"
    public static let flacHeaderDamaged = "the FLAC header is damaged"
    public static let mpegDamaged = "the MP3 data is damaged or cut short"
    public static let readError = "error reading the file"
    public static let accessError = "error accessing the file"
    public static let outOfMemory = "out of memory"

    private static let known: [String: String] = [
        "flac decoder lost sync": flacDamaged,
        "bad flac header": flacHeaderDamaged,
        "failed to find valid mpeg data within limit on resync": mpegDamaged,
        "error reading the stream": readError,
        "file access error": accessError,
        "out of memory -- some malloc() failed": outOfMemory
    ]
}
