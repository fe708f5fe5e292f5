import NIOCore
import NIOEmbedded
import ProgramTestSupport
import Testing

@testable import Control

@Suite("Connection limit")
struct ConnectionLimitTests {
    /// Admits a channel from `address`, closing it when refused, as the listeners do.
    private func admit(_ channel: EmbeddedChannel, to limit: ConnectionLimit) -> Bool {
        let admitted = limit.admit(channel)
        if !admitted { close(channel) }
        return admitted
    }

    /// Closes `channel` and runs its loop, where the close's callbacks wait.
    private func close(_ channel: EmbeddedChannel) {
        _ = try? channel.close().wait()
        channel.embeddedEventLoop.run()
    }

    private func channel(from address: SocketAddress) -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        // Active, as an accepted connection is: only then does a close complete its future.
        _ = try? channel.connect(to: address).wait()
        channel.remoteAddress = address
        return channel
    }

    @Test("one network address holds only its share; others, and loopback, still get in")
    func oneAddressHoldsOnlyItsShare() throws {
        // Given a limit of 8, 3 from one address
        let limit = ConnectionLimit(most: 8, mostPerSource: 3)
        let attacker = try SocketAddress(ipAddress: "192.168.1.50", port: 40000)
        var open: [EmbeddedChannel] = []
        defer { for channel in open { _ = try? channel.finish() } }

        // When that address opens 5
        let admitted = (0..<5).map { _ in
            let channel = channel(from: attacker)
            open.append(channel)
            return admit(channel, to: limit)
        }

        // Then 3 are let in, and a neighbour, an IPv6 /64 (its share) and loopback still are
        #expect(admitted == [true, true, true, false, false])
        let neighbour = channel(from: try SocketAddress(ipAddress: "192.168.1.51", port: 40000))
        let ipv6 = channel(from: try SocketAddress(ipAddress: "fd00:1:2:3::9", port: 40000))
        let sameSixtyFour = channel(from: try SocketAddress(ipAddress: "fd00:1:2:3::a", port: 40000))
        let thirdInSixtyFour = channel(from: try SocketAddress(ipAddress: "fd00:1:2:3::b", port: 40000))
        let fourthInSixtyFour = channel(from: try SocketAddress(ipAddress: "fd00:1:2:3::c", port: 40000))
        let local = channel(from: try SocketAddress(ipAddress: "127.0.0.1", port: 40000))
        open += [neighbour, ipv6, sameSixtyFour, thirdInSixtyFour, fourthInSixtyFour, local]
        #expect(admit(neighbour, to: limit))
        #expect(admit(ipv6, to: limit))
        #expect(admit(sameSixtyFour, to: limit))
        #expect(admit(thirdInSixtyFour, to: limit))
        // (an IPv6 /64 is one source: its fourth is over the share)
        #expect(!admit(fourthInSixtyFour, to: limit))
        #expect(admit(local, to: limit))

        // And once the attacker's connections close, its share is free again
        for channel in open.prefix(5) { close(channel) }
        let again = channel(from: attacker)
        open.append(again)
        #expect(admit(again, to: limit))
    }

    @Test("loopback has no share of its own: it may fill the whole limit")
    func loopbackFillsTheWholeLimit() throws {
        // Given a limit of 4, 1 per network address
        let limit = ConnectionLimit(most: 4, mostPerSource: 1)
        let local = try SocketAddress(ipAddress: "::1", port: 40000)
        var open: [EmbeddedChannel] = []
        defer { for channel in open { _ = try? channel.finish() } }

        // When loopback opens 5
        let admitted = (0..<5).map { _ in
            let channel = channel(from: local)
            open.append(channel)
            return admit(channel, to: limit)
        }

        // Then 4 are let in: only the total holds it back
        #expect(admitted == [true, true, true, true, false])
    }
}
