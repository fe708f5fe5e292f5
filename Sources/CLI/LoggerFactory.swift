import Logging

/// The one logger of a run, to standard error (swift-log's `Logging` is the library's module).
enum LoggerFactory {
    /// A stderr logger: warnings only, or everything down to info with --verbose.
    static func make(verbose: Bool) -> Logger {
        make(level: verbose ? .info : .warning)
    }

    /// A stderr logger that lets through `level` and above. Each line carries a timestamp.
    static func make(level: Logger.Level) -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        return Logger(label: "meditate")
    }
}
