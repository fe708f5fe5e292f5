import Foundation

/// The C library's reasons for a failed call (`strerror`), in German. Errors carry the reason as
/// the C library wrote it, in English (meditate never sets the C locale, and a Pi rarely has
/// glibc's translations), so a German line would otherwise end in "Permission denied".
package enum SystemReason {
    /// `reason` with the C library's text in it put into German: the whole reason, or its end
    /// after a colon (`/run/meditate.sock: No such file or directory`). Anything else, as it is.
    package static func german(_ reason: String) -> String {
        for (english, german) in texts {
            if reason == english { return german }
            if reason.hasSuffix(": " + english) { return String(reason.dropLast(english.count)) + german }
        }
        return reason
    }

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
