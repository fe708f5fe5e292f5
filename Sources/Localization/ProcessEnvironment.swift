import Foundation

/// The process's environment, read once. `ProcessInfo.environment` builds a new dictionary from
/// `environ` on every call (half a million instructions), and a launch asks from half a dozen
/// places: language, settings, the config file, sounds, library, colour.
package enum ProcessEnvironment {
    package static let variables = ProcessInfo.processInfo.environment
}
