import Control
import Foundation
import Library
import Settings

/// `/service.json`: which service this is, for another machine pairing with it (`meditate pair`
/// asks it with the token, so a token that works is known to work, and the service is known by
/// its device's id under any address): `{"service": "meditate", "id": …, "name": "meditate on
/// pi", "version": "0.2.0", "protocol": 1}`, the name as the network knows it.
package enum ServiceIdentityFeed {
    package static let path = "/service.json"

    package static func feed(deviceID id: String, name: ServiceName) -> WebFeed {
        WebFeed(contentType: "application/json; charset=utf-8") { _ in
            let identity: JSONValue = [
                "service": "meditate", "id": .string(id), "name": .string(name.current),
                "version": .string(MeditateVersion.number), "protocol": .number(ServiceConductor.protocolVersion)
            ]
            return Array((identity.line + "\n").utf8)
        }
    }
}
