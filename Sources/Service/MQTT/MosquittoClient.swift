import CMosquitto
import Foundation
import NIOConcurrencyHelpers

/// An MQTT connection through libmosquitto: a network thread of its own (`start`) connects,
/// reconnects with a growing delay whatever kept it from the broker, and calls the handlers
/// given at `init` on that thread.
///
/// `publish` may be called from any thread: libmosquitto guards its state with its own locks.
final class MosquittoClient: @unchecked Sendable {
    struct Handlers {
        /// The broker accepted the connection (`true`) or refused it (`false`, with its reason).
        var connected: @Sendable (Bool, String) -> Void
        /// The connection was lost (not when `stop` ended it).
        var disconnected: @Sendable () -> Void
        /// A message on a topic subscribed to: the topic, the payload as text, and whether the
        /// broker kept it (retained: sent at every subscription, not just now).
        var message: @Sendable (String, String, Bool) -> Void
    }

    private let handle: OpaquePointer
    private let handlers: Handlers

    /// The reconnect delay grows from 1 s to 30 s while the broker stays away.
    static let reconnectDelaySeconds: (first: UInt32, most: UInt32) = (1, 30)
    static let keepAliveSeconds: Int32 = 30

    private static let libraryReady: Bool = {
        mosquitto_lib_init()
        return true
    }()

    /// Prepares a client; nothing is sent until `start`. The will is what the broker publishes
    /// (retained) when this client vanishes without saying goodbye.
    init(
        clientID: String, will: (topic: String, payload: String), user: String?, password: String?,
        tls: (enabled: Bool, caFile: String?), handlers: Handlers
    ) throws(MQTTError) {
        _ = Self.libraryReady
        guard let handle = mosquitto_new(clientID, true, nil) else { throw .setup("mosquitto_new failed") }
        self.handle = handle
        self.handlers = handlers
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        try check(
            mosquitto_will_set(handle, will.topic, Int32(will.payload.utf8.count), will.payload, 1, true), "will")
        if let user { try check(mosquitto_username_pw_set(handle, user, password), "user") }
        if tls.enabled {
            // Without a CA file of its own, the system's CAs.
            try check(
                mosquitto_tls_set(handle, tls.caFile, tls.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil), "tls")
        }
        try check(
            mosquitto_reconnect_delay_set(
                handle, Self.reconnectDelaySeconds.first, Self.reconnectDelaySeconds.most, true), "reconnect delay")
        mosquitto_connect_callback_set(handle) { _, object, code in
            guard let object else { return }
            let client = Unmanaged<MosquittoClient>.fromOpaque(object).takeUnretainedValue()
            client.handlers.connected(code == 0, String(cString: mosquitto_connack_string(code)))
        }
        mosquitto_disconnect_callback_set(handle) { _, object, code in
            // 0: `stop` asked for it.
            guard let object, code != 0 else { return }
            Unmanaged<MosquittoClient>.fromOpaque(object).takeUnretainedValue().handlers.disconnected()
        }
        mosquitto_message_callback_set(handle) { _, object, message in
            guard let object, let message, let topic = message.pointee.topic else { return }
            let length = Int(max(0, message.pointee.payloadlen))
            let payload =
                message.pointee.payload.map {
                    String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self)
                } ?? ""
            Unmanaged<MosquittoClient>.fromOpaque(object).takeUnretainedValue().handlers.message(
                String(cString: topic), payload, message.pointee.retain)
        }
    }

    /// Connects in the background and keeps connecting: a broker that is not there yet is
    /// tried again and again, as one that goes away later is (libmosquitto's loop does that
    /// itself, without a word), and so is one whose certificate does not verify or that
    /// refuses the login: libmosquitto's loop returns for good on those, and this thread
    /// starts it again. `failed` is told each reason the loop returned with, on the network
    /// thread.
    func start(host: String, port: Int, failed: @escaping @Sendable (String) -> Void) throws(MQTTError) {
        let code = mosquitto_connect_async(handle, host, Int32(port), Self.keepAliveSeconds)
        // Only a bad argument (an empty host) ends here; any other failure is the loop's.
        if code == MOSQ_ERR_INVAL.rawValue { throw .setup("bad broker address \(host):\(port)") }
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-broker"
            runNetwork(failed: failed)
            ended.signal()
        }
    }

    private let stopping = NIOLockedValueBox(false)
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// The network loop, started again after each failure it returns with.
    private func runNetwork(failed: @Sendable (String) -> Void) {
        var delay = Double(Self.reconnectDelaySeconds.first)
        var lastReason = ""
        while !stopping.withLockedValue({ $0 }) {
            let code = mosquitto_loop_forever(handle, 1000, 1)
            if stopping.withLockedValue({ $0 }) { return }
            let said =
                code == MOSQ_ERR_ERRNO.rawValue
                ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
            let reason = said.hasSuffix(".") ? String(said.dropLast()) : said
            // Said once while it stays the same: a broker away for hours is one line.
            if reason != lastReason { failed(reason) }
            lastReason = reason
            _ = wake.wait(timeout: .now() + delay)
            delay = min(delay * 2, Double(Self.reconnectDelaySeconds.most))
            if stopping.withLockedValue({ $0 }) { return }
            _ = mosquitto_reconnect(handle)
        }
    }

    /// Publishes `payload` on `topic` (at least once; kept by the broker for later
    /// subscribers when `retain`). False when it could not be queued (not connected).
    @discardableResult
    func publish(_ topic: String, _ payload: String, retain: Bool) -> Bool {
        mosquitto_publish(handle, nil, topic, Int32(payload.utf8.count), payload, 1, retain)
            == MOSQ_ERR_SUCCESS.rawValue
    }

    func subscribe(_ topic: String) {
        _ = mosquitto_subscribe(handle, nil, topic, 1)
    }

    /// Says goodbye (no will is sent) and waits up to `seconds` for the network thread to
    /// end: it may be waiting for the service's answer to a command that a stopping service
    /// no longer gives, and SIGTERM must end the service within a second. The handle is not
    /// freed: the service exits right after, and a state thread may still be about to publish.
    func stop(waitingUpTo seconds: Double) {
        stopping.withLockedValue { $0 = true }
        mosquitto_disconnect(handle)
        wake.signal()
        _ = ended.wait(timeout: .now() + seconds)
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw .setup("\(what): \(String(cString: mosquitto_strerror(code)))")
        }
    }
}
