/// The version `meditate --version` prints; the Makefile reads this line for the Debian
/// package's version (`make deb`), and packaging/changelog must begin with it.
enum MeditateVersion {
    static let number = "0.2.0"
}
