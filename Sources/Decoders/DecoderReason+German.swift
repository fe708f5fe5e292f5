import Localization

/// The decoders' reasons (their plain words) in German. "seek: " is the decoders' own prefix for
/// a failed jump; a reason neither knows goes on to SystemReason (the C library's words), and
/// stays as it is when that does not know it either.
extension DecoderReason {
    package static func german(_ reason: String) -> String {
        if reason.hasPrefix(seek) { return "beim Springen: " + german(String(reason.dropFirst(seek.count))) }
        return germanTexts[reason] ?? SystemReason.german(reason)
    }

    private static let seek = "seek: "

    private static let germanTexts: [String: String] = [
        flacDamaged: "die FLAC-Daten sind beschädigt oder abgeschnitten",
        flacHeaderDamaged: "der FLAC-Kopf ist beschädigt",
        mpegDamaged: "die MP3-Daten sind beschädigt oder abgeschnitten",
        readError: "Fehler beim Lesen der Datei",
        accessError: "Fehler beim Zugriff auf die Datei",
        outOfMemory: "nicht genug Speicher",
        "Unspecified internal error": "nicht näher bestimmter interner Fehler"
    ]
}
