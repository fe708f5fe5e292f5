import Control
import Foundation
import Library
import Logging
import Practice
import Settings

/// The library's database as the service uses it: opened at the first use and kept, on the
/// control thread only. A write that fails costs the record, not the session (it is logged).
final class ServiceLibrary {
    let paths: LibraryPaths
    private let logger: Logger
    private var database: LibraryDatabase?

    init(paths: LibraryPaths, logger: Logger) {
        self.paths = paths
        self.logger = logger
    }

    func open() throws(LibraryError) -> LibraryDatabase {
        if let database { return database }
        let opened = try LibraryDatabase(paths: paths)
        database = opened
        return opened
    }

    /// Runs a write on the history; nil (and a line on the log, unless `quietly`) when it fails.
    @discardableResult
    func record<T>(quietly: Bool = false, _ write: (LibraryDatabase) throws -> T) -> T? {
        do {
            return try write(try open())
        } catch {
            if !quietly { logger.error("\(say(.notRecorded, ["reason": FailureLine.line(for: error)]))") }
            return nil
        }
    }

    /// Runs a read or write for a client; a failure is the request's error.
    func query<T>(_ body: (LibraryDatabase) throws -> T) throws(RPCError) -> T {
        do {
            return try body(try open())
        } catch let error as RPCError {
            throw error
        } catch {
            throw .failed(FailureLine.line(for: error))
        }
    }
}
