import ArgumentParser
import Foundation
import Library

/// A sit as a person names it: its number, as `meditate history` shows it on this device, or its
/// UUID, as `history --json` gives it, the same on every device.
enum SitReference: ExpressibleByArgument, CustomStringConvertible {
    case number(Int64)
    case uuid(String)

    init?(argument: String) {
        if let number = Int64(argument) {
            self = .number(number)
        } else if let uuid = UUID(uuidString: argument) {
            self = .uuid(uuid.uuidString.lowercased())
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case let .number(number): String(number)
        case let .uuid(uuid): uuid
        }
    }

    static var help: ArgumentHelp {
        .localized(
            "The sit's number, as `meditate history` shows it, or its uuid, as `history --json` gives it.",
            de: "Die Nummer der Sitzung, wie `meditate history` sie zeigt, oder ihre uuid aus `history --json`.",
            valueName: "id")
    }

    /// Its number in `database`'s history.
    func id(in database: LibraryDatabase) throws -> Int64 {
        switch self {
        case let .number(number): return number
        case let .uuid(uuid):
            guard let id = try database.practiceID(uuid: uuid) else { throw HistoryError.noSuchSit(description) }
            return id
        }
    }
}
