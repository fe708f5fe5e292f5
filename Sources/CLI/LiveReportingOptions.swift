import ArgumentParser
import Foundation
import Logging

/// How much a live command says, and whether in colour: shared by the timer and `play`.
struct LiveReportingOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "No status line and no summary; errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log the device, its negotiated buffer and underruns.")
    var verbose = false

    @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set).")
    var noColor = false

    /// Notices go to the log when there is no terminal to show them in.
    func makeLogger() -> Logger {
        Logging.make(level: quiet ? .error : verbose ? .info : Terminal.isInteractive ? .warning : .notice)
    }

    var color: Bool { !noColor && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty }
}
