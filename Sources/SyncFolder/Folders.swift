import Foundation

/// Folders made as `mkdir -p` makes them, saying why one cannot be in the C library's words
/// (Foundation's error for it is a paragraph of domains and codes).
public enum Folders {
    /// Makes `folder` and those above it that are missing; the reason when one cannot be made.
    public static func make(_ folder: String) -> String? {
        var made = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o755) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        }
        return nil
    }
}
