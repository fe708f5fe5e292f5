import Control
import Foundation
import Library
import Localization
import Settings

/// A schedule method called on the service, or, when no service answers on the default
/// socket, carried out on the library's database directly (the service reads it at its start).
enum ScheduleCall {
    static func perform(
        _ method: String, _ params: JSONValue, options: CtlOptions, local: (LibraryDatabase) throws -> JSONValue
    ) throws -> JSONValue {
        let client: ControlClient
        do {
            client = try options.connect()
        } catch let error as ControlError {
            guard options.socket == nil, case .cannotConnect = error else { throw error }
            let database = try LibraryDatabase(path: LibraryPaths(environment: ProcessEnvironment.variables).database)
            return try local(database)
        }
        return try client.call(method, params)
    }
}
