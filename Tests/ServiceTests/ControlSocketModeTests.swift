import Foundation
import ProgramTestSupport
import Testing

/// The README's promise that the service's socket is its user's alone: a socket only its owner
/// may connect to, in a folder only its owner may enter, whatever the umask.
@Suite("The control socket's mode")
struct ControlSocketModeTests {
    @Test("the service's socket is 0600 in a folder it made 0700, under a umask that would leave both open")
    func socketIsTheUsersAlone() throws {
        // Given a service started by a shell whose umask leaves files open to everyone
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null"], scratch: scratch,
            launcher: ["/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\""])
        defer { service.stop() }

        // When its socket and the folder it made for it are looked at
        var socket = stat()
        var folder = stat()
        #expect(stat(service.socket, &socket) == 0)
        #expect(stat((service.socket as NSString).deletingLastPathComponent, &folder) == 0)

        // Then the socket is a socket its owner alone may use, in a folder its owner alone may enter
        #expect(socket.st_mode & S_IFMT == S_IFSOCK)
        #expect(socket.st_mode & 0o777 == 0o600, "mode \(String(socket.st_mode & 0o777, radix: 8))")
        #expect(folder.st_mode & 0o777 == 0o700, "mode \(String(folder.st_mode & 0o777, radix: 8))")
        #expect(socket.st_uid == getuid())
    }
}
