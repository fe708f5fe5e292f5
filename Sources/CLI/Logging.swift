import Logging

extension Logging {
    /// A stderr logger: warnings only, or everything down to info with --verbose.
    static func make(verbose: Bool) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .info : .warning
            return handler
        }
        return Logger(label: "meditate")
    }
}

enum Logging {}
