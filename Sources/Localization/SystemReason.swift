import Foundation

/// The C library's reasons for a failed call (`strerror`), in German. Errors carry the reason as
/// the C library wrote it, in English (meditate never sets the C locale, and a Pi rarely has
/// glibc's translations), so a German line would otherwise end in "Permission denied".
package enum SystemReason {
    /// `reason` with the C library's text in it put into German: the whole reason, or its end
    /// after a colon (`/run/meditate.sock: No such file or directory`), in any case: the outputs
    /// pass ALSA's and PulseAudio's reasons on lowercased. Anything else, as it is.
    package static func german(_ reason: String) -> String {
        let lowered = reason.lowercased()
        for (english, german) in texts + soundServerTexts + ownTexts {
            let key = english.lowercased()
            if lowered == key { return german }
            if lowered.hasSuffix(": " + key) { return String(reason.dropLast(key.count)) + german }
        }
        return reason
    }

    /// The C library's reason for `errno` in this run's language, lowercased in English as
    /// every line of meditate is written (`no such file or directory`).
    package static func said(_ errno: Int32) -> String {
        let english = String(cString: strerror(errno))
        return localized(english.prefix(1).lowercased() + english.dropFirst(), de: german(english))
    }

    /// `line` with the C library's reason at its end lowercased (`…: no such file or directory`),
    /// as the outputs pass theirs on and every line of meditate is written: one voice.
    package static func english(_ line: String) -> String {
        for (english, _) in texts where line.hasSuffix(": " + english) {
            return String(line.dropLast(english.count)) + english.lowercased()
        }
        return line
    }

    /// PulseAudio's own reasons (`pa_strerror`) that are not the C library's, and the outputs'
    /// words for a sink that is not there.
    private static let soundServerTexts: [(String, String)] = [
        ("no sink of that name", "kein Sink dieses Namens"), ("access denied", "Zugriff verweigert"),
        ("timeout", "Zeitüberschreitung"), ("connection terminated", "Verbindung beendet"),
        ("invalid server", "ungültiger Server"), ("no such entity", "nicht vorhanden"),
        ("not supported", "nicht unterstützt")
    ]

    /// meditate's own reasons beside the C library's.
    private static let ownTexts: [(String, String)] = [
        (linkNotFollowed, "eine symbolische Verknüpfung, der meditate nicht folgt")
    ]

    /// Why a file or folder in the shared folder is neither read nor written: any device may
    /// put a link there, and one followed would write wherever it points.
    package static let linkNotFollowed = "a symbolic link, which meditate does not follow"

    /// The reasons a person meets: files, folders, disks, sockets and devices. Keyed by this C
    /// library's own English, so that musl's wording is matched as well as glibc's.
    private static let texts: [(String, String)] = [
        (ENOENT, "Datei oder Ordner nicht gefunden"), (EACCES, "keine Berechtigung"),
        (EPERM, "nicht erlaubt"), (EISDIR, "ist ein Ordner"), (ENOTDIR, "ist kein Ordner"),
        (ENOSPC, "kein Platz mehr auf dem Datenträger"), (EDQUOT, "Speicherkontingent erschöpft"),
        (EROFS, "Dateisystem nur lesbar"), (EIO, "Ein-/Ausgabefehler"), (EEXIST, "existiert schon"),
        (ENAMETOOLONG, "Dateiname zu lang"), (ELOOP, "zu viele symbolische Verknüpfungen hintereinander"),
        (EMFILE, "zu viele offene Dateien"), (ENFILE, "zu viele offene Dateien im System"),
        (ECONNREFUSED, "Verbindung abgelehnt"), (ECONNRESET, "Verbindung von der Gegenseite getrennt"),
        (EPIPE, "Verbindung unterbrochen"), (ETIMEDOUT, "Zeitüberschreitung"),
        (EADDRINUSE, "Adresse schon belegt"), (EBUSY, "Gerät oder Ressource belegt"),
        (ENODEV, "kein solches Gerät"), (ENXIO, "kein solches Gerät und keine solche Adresse"),
        (EAGAIN, "vorübergehend nicht verfügbar"), (ENOMEM, "nicht genug Speicher"),
        (EINVAL, "ungültiges Argument")
    ].map { (String(cString: strerror($0.0)), $0.1) }
}
