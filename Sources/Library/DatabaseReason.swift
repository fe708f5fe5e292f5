import Localization

/// SQLite's reasons for a library that cannot be used, in German. The library passes on
/// SQLite's own message (`sqlite3_errmsg`), which is English whatever the locale; these are the
/// ones a person meets (a file that is not a database, a full disk, a library another process
/// holds), keyed by SQLite's fixed wording. Anything else goes on to `SystemReason` (the library's
/// lock file fails with the C library's reason), and stays as it is when neither knows it.
package enum DatabaseReason {
    package static func german(_ reason: String) -> String {
        texts[reason] ?? SystemReason.german(reason)
    }

    private static let texts: [String: String] = [
        "file is not a database": "die Datei ist keine Datenbank",
        "database disk image is malformed": "die Datenbankdatei ist beschädigt",
        "database is locked": "die Datenbank ist von einem anderen Vorgang gesperrt",
        "database table is locked": "eine Tabelle der Datenbank ist gesperrt",
        "attempt to write a readonly database": "die Datenbank ist nur lesbar",
        "database or disk is full": "die Datenbank oder der Datenträger ist voll",
        "unable to open database file": "die Datenbankdatei lässt sich nicht öffnen",
        "disk I/O error": "Ein-/Ausgabefehler des Datenträgers",
        "access permission denied": "Zugriff verweigert",
        "out of memory": "nicht genug Speicher"
    ]
}
