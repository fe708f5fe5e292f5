import Foundation
import Localization
import Settings

/// Where the control socket is: `$XDG_RUNTIME_DIR/meditate/control.sock` for a user's service,
/// `/run/meditate/control.sock` for the system's (root without a runtime directory).
package enum ServicePaths {
    static let systemSocket = "/run/meditate/control.sock"

    package static func defaultSocket(environment: [String: String] = ProcessEnvironment.variables) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/meditate/control.sock"
        }
        if getuid() == 0 { return systemSocket }
        // No runtime directory (a bare ssh session, cron): a private folder of this user's.
        return "/tmp/meditate-\(getuid())/control.sock"
    }
}
