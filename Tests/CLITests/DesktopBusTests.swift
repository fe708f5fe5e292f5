import Foundation
import ProgramTestSupport
import Testing

/// A sit where there is no desktop: no session bus and no system bus (a Pi, a container). With
/// private buses and python3-dbusmock's logind and notification daemon: `DesktopBusLiveTests`.
@Suite("Desktop: no bus, no word")
struct DesktopBusTests {
    @Test("without a session bus or a system bus a sit says nothing of D-Bus and plays as ever")
    func noBusNoWord() throws {
        // Given no DBUS_SESSION_BUS_ADDRESS and a system bus address where nothing listens (the
        // test environment's own), When a sit plays to ALSA's null device with --verbose
        let result = try CLIRunner.run([
            "--minutes", "0.1", "--countdown", "0", "--backend", "alsa", "--device", "null", "--verbose"
        ])

        // Then it completes, and not a word of buses, inhibitors or notifications is said
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("complete"), "\(result.stderr)")
        for word in ["bus", "D-Bus", "inhibit", "notification", "logind"] {
            #expect(!result.stderr.lowercased().contains(word.lowercased()), "'\(word)' in: \(result.stderr)")
        }
    }
}
