import Control
import Foundation

/// A file a client names, as the service (with a working folder of its own) must be given it.
enum ClientPath {
    /// A file named relative to this process's folder, made absolute; a title, an id or a
    /// bundled sound's name (no such file here) is left as it is.
    static func absolute(_ name: String) -> String {
        guard !name.hasPrefix("/"), FileManager.default.fileExists(atPath: name) else { return name }
        return FileManager.default.currentDirectoryPath + "/" + name
    }

    /// The same for the `gong` member of a request's params.
    static func absoluteGong(_ params: JSONValue) -> JSONValue {
        guard case var .object(members) = params, let gong = members["gong"]?.stringValue else { return params }
        members["gong"] = .string(absolute(gong))
        return .object(members)
    }
}
