import Foundation

/// meditate's data folder by the XDG base-directory rules: `$XDG_DATA_HOME/meditate`, by
/// default `~/.local/share/meditate`. The library lives there, and the shared files too unless
/// `history-folder` puts them where a file sync carries them.
public enum DataFolder {
    public static func path(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/meditate" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/meditate"
    }
}
