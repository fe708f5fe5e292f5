import Control
import Foundation
import ProgramTestSupport
import Settings
import Testing

@testable import Service

/// The committed seeds of the network fuzz targets (Fuzz/Seeds/rpc, http, websocket, mqtt),
/// replayed through the same readers `make fuzz` drives: none may break the protocol or its
/// bounds, and the seeds that stand for a rule get the answer the rule gives. An input a fuzz
/// run found, once fixed, belongs among them.
@Suite("Network input: the fuzz targets' seeds")
struct NetworkSeedReplayTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds").path

    /// Every seed of `folder`, by file name.
    private func seeds(_ folder: String) throws -> [String: [UInt8]] {
        let path = Self.seeds + "/" + folder
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
        var seeds: [String: [UInt8]] = [:]
        for name in names { seeds[name] = Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))) }
        #expect(seeds.count >= 7, "\(folder): \(names)")
        return seeds
    }

    @Test("lines on the Unix socket: each answered with one JSON-RPC line, a line too long closes the connection")
    func unixSocketSeeds() throws {
        var outcomes: [String: WireOutcome] = [:]
        for (name, bytes) in try seeds("rpc") {
            outcomes[name] = WireReplay.unixSocket(bytes)
            #expect(outcomes[name]?.faults == [], "\(name)")
        }
        #expect(outcomes["hello.jsonl"]?.answers.count == 2)
        #expect(outcomes["hello.jsonl"]?.answers.last?.contains(#""result":{"method":"status"}"#) == true)
        // A batch, not JSON, a notification (no answer), a version 1.0 and no method
        #expect(outcomes["mixed.jsonl"]?.answers.count == 4, "\(outcomes["mixed.jsonl"]?.answers ?? [])")
        #expect(outcomes["nested.jsonl"]?.answers.first?.contains("nested deeper than 32 levels") == true)
        #expect(outcomes["too-long.jsonl"]?.answers.count == 1)
        #expect(outcomes["too-long.jsonl"]?.answers.first?.contains("a line is at most 65536 bytes") == true)
        #expect(outcomes["unfinished.jsonl"]?.answers.count == 1)
    }

    @Test("requests to the web listener: the token, the host and the method decide the status")
    func httpSeeds() throws {
        var statuses: [String: [String]] = [:]
        for (name, bytes) in try seeds("http") {
            let outcome = WireReplay.httpRequest(bytes)
            #expect(outcome.faults == [], "\(name)")
            statuses[name] = outcome.answers
        }
        #expect(statuses["page.http"] == ["200"])
        // (and the request after it on that connection is not served)
        #expect(statuses["no-token.http"]?.first == "401")
        #expect(statuses["rebound.http"] == ["403"])
        #expect(statuses["two-hosts.http"] == ["403"])
        #expect(statuses["origin.http"] == ["403"])
        #expect(statuses["post.http"] == ["405"])
        #expect(statuses["cookie-1.0.http"] == ["404"])
        #expect(statuses["bearer-head.http"] == ["426"])
        #expect(statuses["bad-head.http"] == ["400"])
    }

    @Test("frames on the WebSocket: requests answered, pings ponged, a frame RFC 6455 forbids closes with 1002")
    func webSocketSeeds() throws {
        var frames: [String: [String]] = [:]
        for (name, bytes) in try seeds("websocket") {
            let outcome = WireReplay.webSocketFrames(bytes)
            #expect(outcome.faults == [], "\(name)")
            frames[name] = outcome.answers
        }
        #expect(frames["hello.ws"]?.count == 1 && frames["hello.ws"]?.first?.contains(#""method":"hello""#) == true)
        #expect(frames["ping-close.ws"]?.first == "pong")
        #expect(frames["ping-close.ws"]?.last == "close:1000")
        // (a message in fragments, a ping between them: each fragment is masked, the whole is not)
        let fragments = frames["fragments.ws"] ?? []
        #expect(fragments.contains { $0.contains(#""method":"hello""#) }, "\(fragments)")
        #expect(frames["unmasked.ws"] == ["close:1002"])
        #expect(frames["rsv.ws"] == ["close:1002"])
        #expect(frames["huge-length.ws"] == ["close:1009"])
    }

    @Test("MQTT payloads: a press, an object of options, or one line that says what a payload is")
    func mqttSeeds() throws {
        var answers: [String: String] = [:]
        for (name, bytes) in try seeds("mqtt") {
            let outcome = WireReplay.mqttPayload(bytes)
            #expect(outcome.faults == [], "\(name)")
            answers[name] = outcome.answers.first
            // And the options, read as a sit's and a bell's, are refused with one line or taken
            if let options = JSONValue.parse(outcome.answers.first ?? ""), case .object = options {
                let refusals = [
                    refusal { () throws(RPCError) in _ = try ParamsDecoder.decode(SitRequest.self, options) },
                    refusal { () throws(RPCError) in _ = try ParamsDecoder.decode(BellRequest.self, options) }
                ]
                for error in refusals {
                    #expect(error.map { !$0.message.contains("\n") } ?? true, "\(name): \(error?.message ?? "")")
                }
            }
        }
        #expect(answers["press.txt"] == "press")
        #expect(answers["empty.txt"] == "press")
        #expect(answers["array.json"]?.hasPrefix("refused: the payload is PRESS or a JSON object") == true)
        #expect(answers["string.json"]?.hasPrefix("refused:") == true)
        #expect(answers["nested.json"]?.hasPrefix("refused:") == true)
        #expect(JSONValue.parse(answers["options.json"] ?? "")?["minutes"] == 20)
    }

    /// The error a request's parse throws, if any.
    private func refusal(_ parse: () throws(RPCError) -> Void) -> RPCError? {
        do {
            try parse()
            return nil
        } catch {
            return error
        }
    }
}
