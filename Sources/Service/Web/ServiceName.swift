import Foundation
import Synchronization

/// The name the service goes by on the network ("meditate on pi"): the host's until Avahi has
/// published it, then the one Avahi published (another if the first was taken), so that
/// `/service.json` says what `meditate discover` lists. Set on Avahi's bus thread, read on the
/// web listener's worker.
package final class ServiceName: Sendable {
    private let name: Mutex<String>

    package init(host: String = ProcessInfo.processInfo.hostName) {
        name = Mutex(Self.instanceName(host: host))
    }

    package var current: String { name.withLock { $0 } }

    func announced(_ published: String) { name.withLock { $0 = published } }

    /// "meditate on pi": the host's first label, the whole at most 63 bytes (DNS's limit).
    static func instanceName(host: String) -> String {
        let label = host.split(separator: ".").first.map(String.init) ?? "localhost"
        var name = "meditate on " + label
        while name.utf8.count > 63 { name.removeLast() }
        return name
    }
}
