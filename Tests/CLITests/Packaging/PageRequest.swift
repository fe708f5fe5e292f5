import Foundation
import ProgramTestSupport

/// One HTTP GET to the page's listener on loopback, as a browser's first request would be.
enum PageRequest {
    struct Response {
        let status: Int
        let body: String
    }

    static func get(port: Int, path: String, seconds: Int = 5) throws -> Response {
        let socket = try LoopbackTCP.connect(port: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard write(socket, request, request.count) == request.count else {
            throw WebSocketTestClient.Failure(description: "could not send the request")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let statusLine = text.prefix { $0 != "\r" }.split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw WebSocketTestClient.Failure(description: "no HTTP status in '\(text.prefix(80))'")
        }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return Response(status: status, body: body)
    }
}
