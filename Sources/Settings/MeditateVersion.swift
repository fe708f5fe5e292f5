/// The version `meditate --version` prints; the Makefile reads this line for the Debian
/// package's version (`make deb`), and packaging/changelog must begin with it.
package enum MeditateVersion {
    package static let number = "0.2.0"
}
