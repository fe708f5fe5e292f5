import Decoders
import Settings

/// The decoders' reasons (DecoderReason's plain words) in German. "seek: " is the decoders' own
/// prefix for a failed jump; a reason neither knows goes on to SystemReason (the C library's
/// words), and stays as it is when that does not know it either.
enum GermanDecoderReason {
    static func german(_ reason: String) -> String {
        if reason.hasPrefix(seek) { return "beim Springen: " + german(String(reason.dropFirst(seek.count))) }
        return texts[reason] ?? SystemReason.german(reason)
    }

    private static let seek = "seek: "

    private static let texts: [String: String] = [
        DecoderReason.flacDamaged: "die FLAC-Daten sind beschädigt oder abgeschnitten",
        DecoderReason.flacHeaderDamaged: "der FLAC-Kopf ist beschädigt",
        DecoderReason.mpegDamaged: "die MP3-Daten sind beschädigt oder abgeschnitten",
        DecoderReason.readError: "Fehler beim Lesen der Datei",
        DecoderReason.accessError: "Fehler beim Zugriff auf die Datei",
        DecoderReason.outOfMemory: "nicht genug Speicher",
        "Unspecified internal error": "nicht näher bestimmter interner Fehler"
    ]
}
