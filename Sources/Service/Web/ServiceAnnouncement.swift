import Control
import Desktop
import Foundation
import Library
import Localization
import Logging
import Settings

/// The service said on the local network through Avahi when it listens beyond loopback:
/// `_meditate._tcp` for meditate's own clients (`meditate discover`), with TXT records `id`
/// (the device's), `version`, `api` (the protocol's version) and `path` (the WebSocket's), and
/// `_http._tcp` for a browser's list of pages. Where no Avahi runs, one line says so and the
/// service carries on.
package enum ServiceAnnouncement {
    /// The DNS-SD type meditate's services are browsed by.
    package static let serviceType = "_meditate._tcp"

    package static func start(port: Int, deviceID: String, name: ServiceName, logger: Logger) -> AvahiPublisher? {
        guard let port = UInt16(exactly: port) else { return nil }
        let announcement = AvahiPublisher.Announcement(
            name: { host in ServiceName.instanceName(host: host) }, port: port,
            services: [
                (
                    serviceType,
                    [
                        ("id", deviceID), ("version", MeditateVersion.number),
                        ("api", String(ServiceConductor.protocolVersion)), ("path", WebControlServer.webSocketPath)
                    ]
                ),
                ("_http._tcp", [("path", "/")])
            ])
        return AvahiPublisher.start(announcement) { report in
            switch report {
            case let .unavailable(error):
                logger.notice(
                    "\(localized("not announced on the network: no Avahi", de: "nicht im Netz angekündigt: kein Avahi")) (\(error))"
                )
            case let .announced(published):
                name.announced(published)
                logger.info(
                    "\(localized("announced on the network as", de: "im Netz angekündigt als")) '\(published)' (\(serviceType), \(port))"
                )
            case let .failed(error):
                logger.warning(
                    "\(localized("Avahi refused the announcement", de: "Avahi lehnte die Ankündigung ab")): \(error)")
            }
        }
    }
}
