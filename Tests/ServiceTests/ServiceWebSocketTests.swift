import Control
import Foundation
import Library
import ProgramTestSupport
import Settings
import Synchronization
import Testing

/// `meditate serve --listen`: the same protocol over a WebSocket, and who may use it. A real
/// service playing to ALSA's null device, spoken to by a WebSocket client written from the RFC.
@Suite("Service WebSocket")
struct ServiceWebSocketTests {
    /// A service listening on every address (so a token is needed), the port it was given,
    /// and the pairing token it showed once.
    private func pairedService(_ scratch: Scratch) throws -> (RunningService, port: Int, token: String) {
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "0.0.0.0:0"], scratch: scratch)
        let log = service.waitForLog(containing: "?token=")
        let token = log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        let port = try #require(try Self.port(of: service))
        return (service, port, token)
    }

    /// The port from `hello`'s `web` member (`http://host:port/`).
    private static func port(of service: RunningService) throws -> Int? {
        let web = try service.client().call("hello")["web"]?.stringValue ?? ""
        return Int(web.split(separator: ":").last?.split(separator: "/").first ?? "")
    }

    @Test("off loopback: no token or a wrong one gets 401 and nothing else, another origin 403, the token 101")
    func accessNeedsTheToken() throws {
        // Given a service listening on every address, with the token it showed
        let scratch = try Scratch()
        let (service, port, token) = try pairedService(scratch)
        defer { service.stop() }
        #expect(token.count == 32)

        // When the WebSocket is asked for without the token, with a wrong one, from another
        // origin, and with the token
        let none = try WebSocketTestClient(port: port, target: "/rpc")
        let wrong = try WebSocketTestClient(port: port, target: "/rpc?token=" + String(repeating: "0", count: 32))
        let foreign = try WebSocketTestClient(
            port: port, target: "/rpc?token=\(token)", headers: ["Origin": "http://evil.example"])
        let bearer = try WebSocketTestClient(port: port, target: "/rpc", headers: ["Authorization": "Bearer \(token)"])
        let paired = try WebSocketTestClient(port: port, target: "/rpc?token=\(token)")

        // Then the refusals say nothing but their status, and the token is let in
        #expect(none.status == 401)
        #expect(wrong.status == 401)
        #expect(foreign.status == 403)
        #expect(throws: WebSocketTestClient.Closed.self) { try none.readMessage(until: Date().addingTimeInterval(5)) }
        #expect(bearer.status == 101)
        #expect(paired.status == 101)
        let hello = try paired.call("hello")
        #expect(hello["result"]?["protocol"] == 1)
        #expect(hello["result"]?["service"] == "meditate")
    }

    @Test("over the WebSocket: the same replies and events as on the socket; bad JSON keeps it, 1 MiB closes it")
    func sameProtocolOverTheWebSocket() throws {
        // Given a paired WebSocket client subscribed to events
        let scratch = try Scratch()
        let (service, port, token) = try pairedService(scratch)
        defer { service.stop() }
        let page = try WebSocketTestClient(port: port, target: "/rpc?token=\(token)")
        #expect(try page.call("subscribe")["result"]?["status"] == ["state": "idle"])

        // When a sit is started from the Unix socket, and the page sends a line that is not JSON
        // (a long one: ALSA's null device plays a sit as fast as it is rendered, 5 minutes in
        // about a second under ThreadSanitizer, and the page's pause must come before its end)
        _ = try service.client().call("sit.start", ["minutes": "600"])
        try page.send("{this is not json")

        // Then the page sees the sit start, gets the parse error, and its connection goes on
        var events: [String] = []
        var parseError: JSONValue?
        let deadline = Date().addingTimeInterval(20)
        while !events.contains("session-started") || parseError == nil {
            let message = try page.readMessage(until: deadline)
            if let event = message["params"]?["event"]?.stringValue { events.append(event) }
            if message["error"] != nil { parseError = message }
        }
        #expect(parseError?["error"]?["code"] == -32700)
        #expect(try page.call("status", id: 2)["result"]?["state"] != nil)
        // And the page's pause is the service's pause
        #expect(try page.call("pause", id: 3)["result"] == ["pausing": true])
        var phase: JSONValue?
        while phase?["phase"] != "paused" { phase = try page.nextEvent(until: Date().addingTimeInterval(10)) }
        #expect(try service.client().call("status")["state"] == "paused")

        // When a message of 1 MiB is sent, the page's connection is closed (1009: too big)
        try? page.sendFrame(opcode: 0x1, payload: Array(repeating: 0x78, count: 1 << 20))
        var closed: WebSocketTestClient.Closed?
        do {
            while true { _ = try page.readMessage(until: Date().addingTimeInterval(10)) }
        } catch let error as WebSocketTestClient.Closed {
            closed = error
        }
        #expect(closed != nil)
        // And another page is served
        let other = try WebSocketTestClient(port: port, target: "/rpc?token=\(token)")
        #expect(try other.call("hello")["result"]?["protocol"] == 1)
    }

    @Test(
        "ctl token --new: the old token stops working, its pages are disconnected, the new one pairs, its QR code reads back"
    )
    func newTokenReplacesTheOld() throws {
        // Given a paired page
        let scratch = try Scratch()
        let (service, port, token) = try pairedService(scratch)
        defer { service.stop() }
        let page = try WebSocketTestClient(port: port, target: "/rpc?token=\(token)")
        #expect(page.status == 101)

        // When the page asks for a new token itself, then `meditate ctl token --new` does
        let refused = try page.call("token.new")
        let result = try CLIRunner.run(["ctl", "token", "--new", "--qr", "--socket", service.socket])

        // Then the page is refused, ctl prints a pairing URL with a new token, the page is
        // disconnected, the old token gets 401 and the new one 101
        #expect(refused["error"]?["code"] == -32000)
        #expect(result.status == 0)
        let printed = result.stdout.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) }
        let renewed = try #require(printed)
        #expect(renewed.count == 32 && renewed != token)
        // And the QR code drawn under it reads back as the same URL (as a phone's camera reads it)
        let url = try #require(result.stdout.split(separator: "\n").first?.split(separator: " ").last)
        let drawing = result.stdout.split(separator: "\n").dropFirst()
        #expect(drawing.count > 10)
        #expect(try QRCodeReading.decode(Array(drawing), in: scratch) == String(url))
        #expect(throws: WebSocketTestClient.Closed.self) {
            while true { _ = try page.readMessage(until: Date().addingTimeInterval(10)) }
        }
        #expect(try WebSocketTestClient(port: port, target: "/rpc?token=\(token)").status == 401)
        #expect(try WebSocketTestClient(port: port, target: "/rpc?token=\(renewed)").status == 101)
    }

    @Test(
        "ctl token shows the pairing link again, the page may not ask for it, and a token kept only as its hash (0.2.0) still pairs"
    )
    func tokenShownAgain() throws {
        // Given a paired page, and the link the first start logged
        let scratch = try Scratch()
        let (service, port, token) = try pairedService(scratch)
        let page = try WebSocketTestClient(port: port, target: "/rpc?token=\(token)")

        // When `meditate ctl token` is asked, and the page asks for `token.show` itself
        let shown = try CLIRunner.run(["ctl", "token", "--socket", service.socket])
        let refused = try page.call("token.show")

        // Then it prints the same link, and the page is refused
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("pair a phone: http://"), "\(shown.stdout)")
        #expect(shown.stdout.contains("?token=\(token)"), "\(shown.stdout)")
        #expect(refused["error"]?["code"] == -32000, "\(refused.line)")
        // And the file holding it is the owner's alone
        let file = scratch.path("data/meditate/web-token")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        service.stop()

        // Given a web-token written by 0.2.0, which kept only the token's SHA-256
        let digest = try #require(ContentHash.of(bytes: Array(token.utf8)))
        try (digest + "\n").write(toFile: file, atomically: false, encoding: .utf8)
        let older = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "0.0.0.0:0"], scratch: scratch)
        defer { older.stop() }
        let olderPort = try #require(try Self.port(of: older))
        // When it is asked to show it
        let hidden = try CLIRunner.run(["ctl", "token", "--socket", older.socket])
        // Then the token still pairs, and what cannot be shown says how to get one that can
        #expect(try WebSocketTestClient(port: olderPort, target: "/rpc?token=\(token)").status == 101)
        #expect(try WebSocketTestClient(port: olderPort, target: "/rpc?token=\(digest)").status == 401)
        #expect(hidden.status != 0)
        #expect(hidden.stderr.contains("meditate ctl token --new makes one that can be shown"), "\(hidden.stderr)")
    }

    @Test("requests sent together after one refused 401 get that one answer, then the close, never a 400")
    func pipelinedRequestsAfterA401() throws {
        // Given a service that asks the token, and a connection
        let scratch = try Scratch()
        let (service, port, token) = try pairedService(scratch)
        defer { service.stop() }
        // When a request without the token and, in the same write, others (one with the
        // token, an upgrade, a page) are sent
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let upgrade =
            "GET /rpc HTTP/1.1\r\n\(host)Upgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let batches = [
            "GET / HTTP/1.1\r\n\(host)\r\nGET /?token=\(token) HTTP/1.1\r\n\(host)\r\n",
            upgrade + "GET / HTTP/1.1\r\n\(host)\r\n",
            "POST / HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello" + upgrade
        ]
        for batch in batches {
            let socket = try LoopbackTCP.connect(port: port)
            defer { close(socket) }
            let bytes = Array(batch.utf8)
            _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let got = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                guard got > 0 else { break }
                received += chunk[..<got]
            }
            // Then the answer is the one 401, and the connection is closed after it
            let statuses = String(decoding: received, as: UTF8.self).split(separator: "\r\n").filter {
                $0.hasPrefix("HTTP/")
            }
            #expect(statuses == ["HTTP/1.1 401 Unauthorized"], "\(batch.debugDescription): \(statuses)")
        }
    }

    @Test("on loopback with --no-token: no token is asked, but a request by another host name (rebinding) is refused")
    func loopbackNeedsNoTokenWhenToldSo() throws {
        // Given a service listening on 127.0.0.1, told to ask no token
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))

        // When the WebSocket is asked for without a token, by a loopback name and by another
        let local = try WebSocketTestClient(port: port, target: "/rpc")
        let rebound = try WebSocketTestClient(port: port, target: "/rpc", headers: ["Host": "evil.example:\(port)"])
        let page = try WebSocketTestClient(port: port, target: "/", upgrade: false)
        let reboundPage = try WebSocketTestClient(
            port: port, target: "/", headers: ["Host": "evil.example:\(port)"], upgrade: false)
        let missing = try WebSocketTestClient(port: port, target: "/secrets.txt", upgrade: false)

        // Then the first is let in and the second refused; the same for the page, and a file
        // that is not the page's is not there
        #expect(local.status == 101)
        #expect(try local.call("hello")["result"]?["web"] == .string("http://127.0.0.1:\(port)/"))
        #expect(rebound.status == 403)
        #expect(page.status == 200)
        #expect(reboundPage.status == 403)
        #expect(missing.status == 404)
    }

    @Test(
        "a client that sends millions of pings and never reads the pongs is closed; the service grows by 10 MiB at most"
    )
    func unreadPongsAreBounded() throws {
        // Given a service on loopback, and its resident memory once a WebSocket is open
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        let pid = service.process.processIdentifier
        let client = try WebSocketTestClient(port: port, target: "/rpc")
        _ = try client.call("hello")
        let before = try #require(residentKiB(of: pid))

        // When it sends 4 million pings, in batches, and reads nothing
        let ping: [UInt8] = [0x89, 0x80, 0x12, 0x34, 0x56, 0x78]
        let batch = Array(repeatElement(ping, count: 20_000).joined())
        var sent = 0
        var peak = before
        var closed = false
        while sent < 4_000_000 {
            do {
                try client.sendRaw(batch, until: Date().addingTimeInterval(10))
            } catch {
                closed = error is WebSocketTestClient.Closed
                break
            }
            sent += 20_000
            peak = max(peak, residentKiB(of: pid) ?? 0)
        }

        // Then the service closed it, having grown by 10 MiB at most, and serves others as before
        #expect(closed, "still open after \(sent) pings")
        #expect(peak - before <= 10 * 1024, "grew by \(peak - before) KiB after \(sent) pings")
        let other = try WebSocketTestClient(port: port, target: "/rpc")
        #expect(try other.call("hello")["result"]?["protocol"] == 1)
        #expect((residentKiB(of: pid) ?? .max) - before <= 10 * 1024)
    }

    @Test("a quiet WebSocket is pinged after 15 s; one that answers stays, one that says nothing is closed 15 s later")
    func quietPeersArePingedAndDeadOnesClosed() throws {
        // Given a service on loopback and two WebSockets that send nothing after their hello
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        let alive = try WebSocketTestClient(port: port, target: "/rpc")
        let gone = try WebSocketTestClient(port: port, target: "/rpc")
        _ = try alive.call("hello")
        _ = try gone.call("hello")
        let start = Date()

        // When both are pinged, and only one answers (as a browser does by itself)
        let (aliveOpcode, payload) = try alive.readFrame(until: start.addingTimeInterval(25))
        try alive.sendFrame(opcode: 0xA, payload: payload)
        let (goneOpcode, _) = try gone.readFrame(until: start.addingTimeInterval(25))
        let pingedAfter = Date().timeIntervalSince(start)

        // Then the silent one is closed within the next quiet spell, and the other still answers
        var closed = false
        do {
            while true { _ = try gone.readFrame(until: start.addingTimeInterval(45)) }
        } catch {
            closed = Date().timeIntervalSince(start) < 45
        }
        #expect(aliveOpcode == 0x9 && goneOpcode == 0x9, "opcodes \(aliveOpcode), \(goneOpcode)")
        #expect(pingedAfter >= 14 && pingedAfter <= 20, "pinged after \(pingedAfter) s")
        #expect(closed, "the silent peer's connection was not closed")
        #expect(try alive.call("hello", id: 2)["result"]?["protocol"] == 1)
    }

    @Test(
        "before its upgrade a connection may send nothing for 10 s at most, and 64 may be open: more are closed at once"
    )
    func silentConnectionsAreBounded() throws {
        // Given a service listening on loopback, a WebSocket to it, and 63 connections that
        // send nothing
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        let page = try WebSocketTestClient(port: port, target: "/rpc")
        let silent = try (0..<63).map { _ in try SilentConnection(port: port) }

        // When one more connects
        let extra = try SilentConnection(port: port)

        // Then it is closed at once, the silent ones after about 10 s, and the WebSocket,
        // quiet as long, is not
        #expect(extra.closed(within: 2))
        #expect(silent.allSatisfy { $0.closed(within: 20) })
        Thread.sleep(forTimeInterval: 1)
        #expect(page.status == 101)
        #expect(try page.call("hello")["result"]?["protocol"] == 1)
        // And a new connection is served again
        #expect(try WebSocketTestClient(port: port, target: "/rpc").status == 101)
    }

    @Test("64 connections that send their request head a byte every 3 s lock nobody out for more than 11 s")
    func slowHeadersDoNotLockThePageOut() throws {
        // Given a service on loopback, and 64 connections (all it takes at once) that send a
        // request's first line and then a header byte every 3 s
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        let slow = try (0..<64).map { _ in try LoopbackTCP.connect(port: port) }
        defer { for socket in slow { close(socket) } }
        let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
        for socket in slow {
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let dripping = Atomic(true)
        let dripper = Thread {
            var byte = UInt8(ascii: "X")
            while dripping.load(ordering: .relaxed) {
                for socket in slow { _ = send(socket, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                Thread.sleep(forTimeInterval: 3)
            }
        }
        dripper.start()
        defer { dripping.store(false, ordering: .relaxed) }

        // When a person's browser asks for the page, again and again while it is turned away
        let asked = Date()
        var page: WebSocketTestClient?
        while page == nil && Date().timeIntervalSince(asked) < 30 {
            page = try? WebSocketTestClient(port: port, target: "/", upgrade: false)
            if page == nil { Thread.sleep(forTimeInterval: 0.2) }
        }
        let waited = Date().timeIntervalSince(asked)

        // Then it gets the page within 11 s: no request head may take longer than 10
        #expect(page?.status == 200)
        #expect(waited < 11, "the page came after \(waited) s")
    }

    @Test(
        "RFC 6455's closes: text not UTF-8 1007, a reserved opcode 1002, 70 KiB in fragments 1009, a close of code 999 1002"
    )
    func closesSayWhyAsTheRFCAsks() throws {
        // Given a service on loopback
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        /// What the service closes with after `send` on a connection of its own.
        func closeCode(_ send: (WebSocketTestClient) throws -> Void) throws -> [UInt8] {
            let client = try WebSocketTestClient(port: port, target: "/rpc")
            try send(client)
            let (opcode, body) = try client.readFrame(until: Date().addingTimeInterval(5))
            return opcode == 0x8 ? Array(body.prefix(2)) : [opcode]
        }
        // When a text message is not UTF-8
        let notUTF8 = try closeCode { try $0.sendFrame(opcode: 0x1, payload: [0x7B, 0xC3, 0x28, 0x7D]) }
        // And a frame has a reserved opcode
        let reserved = try closeCode { try $0.sendFrame(opcode: 0x3, payload: Array("{}".utf8)) }
        // And a message of 70 KiB comes in two fragments, each under the frame limit
        let fragmented = try closeCode { client in
            try client.sendFrame(opcode: 0x1, payload: [UInt8](repeating: 0x20, count: 40 * 1024), fin: false)
            try client.sendFrame(opcode: 0x0, payload: [UInt8](repeating: 0x20, count: 30 * 1024))
        }
        // And a close comes with code 999, and another with 1000
        let badClose = try closeCode { try $0.sendFrame(opcode: 0x8, payload: [0x03, 0xE7]) }
        let goodClose = try closeCode { try $0.sendFrame(opcode: 0x8, payload: [0x03, 0xE8]) }
        // Then each is closed with the code RFC 6455 gives it
        #expect(notUTF8 == [0x03, 0xEF], "\(notUTF8)")
        #expect(reserved == [0x03, 0xEA], "\(reserved)")
        #expect(fragmented == [0x03, 0xF1], "\(fragmented)")
        #expect(badClose == [0x03, 0xEA], "\(badClose)")
        #expect(goodClose == [0x03, 0xE8], "\(goodClose)")
    }

    @Test("an unmasked frame or one with an RSV bit closes the WebSocket with 1002; odd Host values are not loopback")
    func protocolErrorsAndOddHostsAreRefused() throws {
        // Given a service on loopback
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0", "--no-token"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        let hello = Array(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#.utf8)

        // When one client sends a text frame unmasked, and another one with RSV1 set
        for first: UInt8 in [0x81, 0xC1] {
            let client = try WebSocketTestClient(port: port, target: "/rpc")
            let masked = first == 0xC1
            let mask: [UInt8] = [1, 2, 3, 4]
            let payload = masked ? hello.enumerated().map { $0.element ^ mask[$0.offset % 4] } : hello
            try client.sendRaw(
                [first, (masked ? 0x80 : 0) | UInt8(hello.count)] + (masked ? mask : []) + payload,
                until: Date().addingTimeInterval(5))
            // Then it is answered with a close of code 1002, and nothing else
            let (opcode, body) = try client.readFrame(until: Date().addingTimeInterval(5))
            #expect(opcode == 0x8 && body.prefix(2) == [0x03, 0xEA], "\(String(first, radix: 16)): \(opcode) \(body)")
        }

        // When the page is asked for by Host values that only start or end like loopback
        for host in ["127.0.0.1:1, evil.com", "[::1]evil", "127.0.0.1:99999", "localhost:80:80"] {
            let page = try WebSocketTestClient(port: port, target: "/", headers: ["Host": host], upgrade: false)
            // Then each is refused
            #expect(page.status == 403, "\(host): \(page.status)")
        }
        #expect(
            try WebSocketTestClient(port: port, target: "/", headers: ["Host": "[::1]:\(port)"], upgrade: false).status
                == 200)
    }

    @Test(
        "the calendar's token reads /history.ics and nothing else; ctl token --feed shows it, --feed --new replaces it, the page may show but not replace it"
    )
    func calendarTokenReadsTheCalendarAlone() throws {
        // Given a paired page, and the calendar's address as ctl token --feed shows it
        let scratch = try Scratch()
        let (service, port, token) = try pairedService(scratch)
        defer { service.stop() }
        let page = try WebSocketTestClient(port: port, target: "/rpc?token=\(token)")
        let shown = try CLIRunner.run(["ctl", "token", "--feed", "--socket", service.socket])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.hasPrefix("calendar: http://") && shown.stdout.contains("/history.ics?token="))
        let feed = try #require(
            shown.stdout.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) })
        #expect(feed.count == 32 && feed != token)

        // When the calendar's token asks for the calendar, the page, the WebSocket and the
        // identity; and the pairing token for the calendar
        let calendar = try WebSocketTestClient(port: port, target: "/history.ics?token=\(feed)", upgrade: false)
        let pageWithFeed = try WebSocketTestClient(port: port, target: "/?token=\(feed)", upgrade: false)
        let socketWithFeed = try WebSocketTestClient(port: port, target: "/rpc?token=\(feed)")
        let bearer = try WebSocketTestClient(
            port: port, target: "/rpc", headers: ["Authorization": "Bearer \(feed)"])
        let calendarWithPairing = try WebSocketTestClient(
            port: port, target: "/history.ics?token=\(token)", upgrade: false)

        // Then the calendar alone is served to it, and the pairing token still reads it
        #expect(calendar.status == 200)
        #expect(pageWithFeed.status == 401)
        #expect(pageWithFeed.header("set-cookie") == nil)
        #expect(socketWithFeed.status == 401)
        #expect(bearer.status == 401)
        #expect(calendarWithPairing.status == 200)

        // And the page is shown the same address, but may not replace it
        let asked = try page.call("feed.show")
        #expect(asked["result"]?["token"]?.stringValue == feed, "\(asked.line)")
        #expect(asked["result"]?["url"]?.stringValue?.hasSuffix("/history.ics?token=\(feed)") == true)
        #expect(try page.call("feed.new")["error"]?["code"] == -32000)

        // When ctl replaces it
        let renewed = try CLIRunner.run(["ctl", "token", "--feed", "--new", "--socket", service.socket])
        let next = try #require(
            renewed.stdout.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) })

        // Then the old one is refused, the new one reads, the pairing token is as it was, and
        // the file holding it is the owner's alone
        #expect(next.count == 32 && next != feed)
        #expect(try WebSocketTestClient(port: port, target: "/history.ics?token=\(feed)", upgrade: false).status == 401)
        #expect(try WebSocketTestClient(port: port, target: "/history.ics?token=\(next)", upgrade: false).status == 200)
        #expect(try WebSocketTestClient(port: port, target: "/rpc?token=\(token)").status == 101)
        let mode =
            try FileManager.default.attributesOfItem(atPath: scratch.path("data/meditate/web-feed-token"))[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("on loopback the token is asked too: 401 without it; the page opened with it keeps a cookie that lets it in")
    func loopbackNeedsTheToken() throws {
        // Given a service listening on 127.0.0.1, and the token it showed once
        let scratch = try Scratch()
        let service = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", "127.0.0.1:0"], scratch: scratch)
        defer { service.stop() }
        let port = try #require(try Self.port(of: service))
        let log = service.waitForLog(containing: "?token=")
        let token = log.split(separator: "?token=").last.map { String($0.prefix { $0.isHexDigit }) } ?? ""
        #expect(token.count == 32, "\(log)")

        // When the page and the WebSocket are asked for without the token, the page with it, and
        // the WebSocket with only the cookie the page set
        let page = try WebSocketTestClient(port: port, target: "/", upgrade: false)
        let socket = try WebSocketTestClient(port: port, target: "/rpc")
        let paired = try WebSocketTestClient(port: port, target: "/?token=\(token)", upgrade: false)
        let cookie = try #require(paired.header("set-cookie")?.split(separator: ";").first.map(String.init))
        let returning = try WebSocketTestClient(port: port, target: "/rpc", headers: ["Cookie": cookie])
        let rebound = try WebSocketTestClient(
            port: port, target: "/rpc?token=\(token)", headers: ["Host": "evil.example:\(port)"])

        // Then both without it are refused, the page with it is served, the cookie lets the
        // WebSocket in, and another host name is refused even with the token
        #expect(page.status == 401)
        #expect(socket.status == 401)
        #expect(paired.status == 200)
        #expect(returning.status == 101)
        #expect(try returning.call("hello")["result"]?["service"] == "meditate")
        #expect(rebound.status == 403)
    }

    @Test("--no-token off loopback is one line, and nothing starts")
    func noTokenOnlyOnLoopback() throws {
        for address in ["0.0.0.0:0", "192.0.2.1:8080"] {
            let result = try CLIRunner.run(["serve", "--listen", address, "--no-token"])
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("--no-token is only for a loopback --listen address"), "\(result.stderr)")
        }
        let alone = try CLIRunner.run(["serve", "--no-token"])
        #expect(alone.status != 0)
        #expect(alone.stderr.contains("--no-token"), "\(alone.stderr)")
    }

    @Test("--listen with a bad address is one line, and nothing starts")
    func badListenAddress() throws {
        let result = try CLIRunner.run(["serve", "--listen", "8080"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("--listen"))
    }

    @Test("--listen on a port another listener holds says so in one line, in English and in German")
    func busyPortIsSaidPlainly() throws {
        // Given a service listening on a loopback port
        let scratch = try Scratch()
        let port = try LoopbackTCP.freePort()
        let address = "127.0.0.1:\(port)"
        let first = try RunningService(
            ["--backend", "alsa", "--device", "null", "--listen", address, "--no-token"], scratch: scratch)
        defer { first.stop() }
        // When a second service is started on the same port, in English and in German
        let second = ["serve", "--socket", scratch.path("second.sock"), "--listen", address, "--no-token"]
        let output = ["--backend", "alsa", "--device", "null"]
        let english = try CLIRunner.run(second + output)
        let german = try CLIRunner.run(second + output, environment: ["LANG": "de_DE.UTF-8"])
        // Then each says the address is in use, as the system says it, not as NIO's call names it
        #expect(english.status != 0)
        #expect(english.stderr == "meditate: error: cannot listen on \(address): address already in use\n")
        #expect(german.stderr == "meditate: Fehler: kann nicht auf \(address) warten: Adresse schon belegt\n")
    }
}
