import Localization

/// What goes wrong between this machine and another's service: one line each, saying what to do.
enum RemoteError: Error, CustomStringConvertible {
    /// `--host` names no pairing.
    case notPaired(name: String)
    /// No Avahi answers on the system bus.
    case noAvahi(reason: String)
    /// Not a link of a service's page.
    case badLink(String)
    /// A link without its token.
    case noToken
    /// A link whose token is not one a service makes.
    case badToken
    /// Another service than the one paired answers at its address.
    case otherService(address: String, name: String)
    /// Nothing answered there.
    case unreachable(address: String, reason: String)
    /// The service refused the token.
    case refused(address: String)
    /// Something answered that is not a meditate service.
    case notMeditate(address: String)
    case unreadableStore(path: String)
    case unwritableStore(path: String)

    var description: String {
        switch self {
        case let .noAvahi(reason):
            localized(
                "no Avahi on the system bus (\(reason)): discovery needs avahi-daemon running (apt install avahi-daemon), or pair by hand: meditate pair LINK",
                de:
                    "kein Avahi am Systembus (\(reason)): die Suche braucht einen laufenden avahi-daemon (apt install avahi-daemon), oder koppeln von Hand: meditate pair LINK"
            )
        case let .notPaired(name):
            localized(
                "not paired with '\(name)'; pair with the link `meditate ctl token` shows there (`meditate pair LINK`), or see `meditate discover`",
                de:
                    "nicht mit '\(name)' gekoppelt; kopple mit dem Link, den `meditate ctl token` dort zeigt (`meditate pair LINK`), oder siehe `meditate discover`"
            )
        case let .badLink(link):
            localized(
                "'\(link)' is not a service's link; give the one `meditate ctl token` shows there (http://HOST:PORT/?token=…)",
                de:
                    "'\(link)' ist kein Link eines Dienstes; gib den, den `meditate ctl token` dort zeigt (http://HOST:PORT/?token=…)"
            )
        case .noToken:
            localized(
                "the link has no token; give the one `meditate ctl token` shows on the service (…/?token=…)",
                de: "der Link hat kein Token; gib den, den `meditate ctl token` beim Dienst zeigt (…/?token=…)")
        case .badToken:
            localized(
                "the link's token is not a service's (32 hex digits); give the link `meditate ctl token` shows there",
                de:
                    "das Token im Link stammt von keinem Dienst (es hat 32 Hexadezimalziffern); gib den Link, den `meditate ctl token` dort zeigt"
            )
        case let .otherService(address, name):
            localized(
                "another service than '\(name)' answers at \(address) now; pair again with the link `meditate ctl token` shows on '\(name)'",
                de:
                    "unter \(address) antwortet jetzt ein anderer Dienst als '\(name)'; kopple neu mit dem Link, den `meditate ctl token` auf '\(name)' zeigt"
            )
        case let .unreachable(address, reason):
            localized("cannot reach \(address): \(reason)", de: "\(address) ist nicht erreichbar: \(reason)")
        case let .refused(address):
            localized(
                "\(address) refused the token; pair again with the link `meditate ctl token` shows there now",
                de: "\(address) lehnt das Token ab; kopple neu mit dem Link, den `meditate ctl token` dort jetzt zeigt")
        case let .notMeditate(address):
            localized(
                "what answers at \(address) is not a meditate service",
                de: "was unter \(address) antwortet, ist kein meditate-Dienst")
        case let .unreadableStore(path):
            localized(
                "cannot read \(path); move it aside and pair again",
                de: "\(path) ist nicht lesbar; schiebe die Datei beiseite und kopple neu")
        case let .unwritableStore(path):
            localized("cannot write \(path)", de: "\(path) lässt sich nicht schreiben")
        }
    }
}
