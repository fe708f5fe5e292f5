import CSystemd
import Foundation
import Rings

/// Notifications that offer a button (a reminder's "Sit now"), on the desktop's session bus:
/// shown on request, and the button, when pressed, handed back with what the notification was
/// for. The server says a button was pressed with a signal (`ActionInvoked`), so the connection
/// stays open and is listened to.
///
/// Thread: a bus thread of its own (`meditate-notify`) owns the connection, made at the first
/// notice (a desktop logged in after the service started is found then), and sleeps in poll()
/// on it and a wake-up pipe, with no timer. A bus that goes away is made again at the next
/// notice. `show` may be called from any thread; `pressed` and `failed` run on the bus thread.
/// Never an audio thread.
public final class ActionNotifier: @unchecked Sendable {
    /// One notification: what it says, its one button, and what it is for (given back when the
    /// button is pressed).
    public struct Notice: Sendable {
        public var summary: String
        public var body: String
        public var button: (key: String, label: String)
        public var payload: String

        public init(summary: String, body: String, button: (key: String, label: String), payload: String) {
            self.summary = summary
            self.body = body
            self.button = button
            self.payload = payload
        }
    }

    public typealias Pressed = @Sendable (_ payload: String) -> Void
    public typealias Failed = @Sendable (DesktopBusError) -> Void

    private let pressed: Pressed
    private let failed: Failed
    private let wakeUp: WakePipe
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Under `lock`: the notices not yet shown, and whether to stop.
    private var waiting: [Notice] = []
    private var stopping = false
    /// More than a day's reminders at one moment: beyond it, a notice is dropped.
    static let capacity = 4

    // The bus thread's own.
    /// The notifications shown whose button may still be pressed, newest last, with their payloads.
    private var shown: [(id: UInt32, key: String, payload: String)] = []
    /// The most kept: a server that never says one closed does not grow the list.
    static let shownCapacity = 16

    private init(wakeUp: WakePipe, pressed: @escaping Pressed, failed: @escaping Failed) {
        self.wakeUp = wakeUp
        self.pressed = pressed
        self.failed = failed
    }

    /// Starts the bus thread; nil when its wake-up pipe cannot be made.
    public static func start(pressed: @escaping Pressed, failed: @escaping Failed) -> ActionNotifier? {
        guard let wakeUp = WakePipe() else { return nil }
        let notifier = ActionNotifier(wakeUp: wakeUp, pressed: pressed, failed: failed)
        let thread = Thread {
            Thread.current.name = "meditate-notify"
            notifier.serve()
        }
        thread.start()
        return notifier
    }

    /// Shows `notice` as soon as the bus thread can; a new one replaces the last one shown.
    public func show(_ notice: Notice) {
        let kept = lock.withLock { () -> Bool in
            guard !stopping, waiting.count < Self.capacity else { return false }
            waiting.append(notice)
            return true
        }
        if kept { wakeUp.wake() }
    }

    /// Leaves the bus; waits up to a second for the thread.
    public func stop() {
        lock.withLock { stopping = true }
        wakeUp.wake()
        _ = ended.wait(timeout: .now() + 1)
    }

    // MARK: The bus thread

    private func serve() {
        defer { ended.signal() }
        BusThread.leaveSignalsToOthers()
        var bus: DesktopBus?
        var match: OpaquePointer?
        defer { sd_bus_slot_unref(match) }
        while true {
            let (notices, stop) = lock.withLock { () -> ([Notice], Bool) in
                defer { waiting.removeAll() }
                return (waiting, stopping)
            }
            if stop { return }
            if !notices.isEmpty && bus == nil {
                switch connect() {
                case let .success((connected, slot)):
                    bus = connected
                    match = slot
                case let .failure(error):
                    failed(error)
                }
            }
            if let connected = bus {
                for notice in notices { show(notice, on: connected) }
                var processed: Int32
                repeat { processed = sd_bus_process(connected.bus, nil) } while processed > 0
                if processed < 0 {
                    // The session bus went away: made again at the next notice.
                    sd_bus_slot_unref(match)
                    match = nil
                    bus = nil
                    shown.removeAll()
                }
            }
            BusThread.sleep(on: bus?.bus, wakeUp: wakeUp)
        }
    }

    /// The session bus, listening for the server's signals.
    private func connect() -> Result<(DesktopBus, OpaquePointer?), DesktopBusError> {
        let opened = DesktopBus.open(.session)
        guard case let .success(bus) = opened else {
            if case let .failure(error) = opened { return .failure(error) }
            return .failure(DesktopBusError(status: -EINVAL, call: "open"))
        }
        var slot: OpaquePointer?
        let matched = sd_bus_match_signal(
            bus.bus, &slot, nil, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", nil,
            { message, context, _ in
                guard let message, let context else { return 0 }
                Unmanaged<ActionNotifier>.fromOpaque(context).takeUnretainedValue().received(message)
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        guard matched >= 0 else { return .failure(DesktopBusError(status: matched, call: "AddMatch")) }
        return .success((bus, slot))
    }

    private func show(_ notice: Notice, on bus: DesktopBus) {
        // One reminder at a time on the screen: the newest says what is due now.
        let notification = DesktopNotification(
            summary: notice.summary, body: notice.body, actions: [notice.button], replaces: shown.last?.id ?? 0,
            expireMilliseconds: 0)
        do {
            let id = try notification.show(on: bus)
            shown.removeAll { $0.id == id }
            shown.append((id, notice.button.key, notice.payload))
            if shown.count > Self.shownCapacity { shown.removeFirst(shown.count - Self.shownCapacity) }
        } catch {
            failed(error)
        }
    }

    /// A signal of the notification server: a button pressed (`ActionInvoked`, id and key), or a
    /// notification gone (`NotificationClosed`, id and reason).
    private func received(_ message: OpaquePointer) {
        guard let member = sd_bus_message_get_member(message).map({ String(cString: $0) }) else { return }
        var id: UInt32 = 0
        guard sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "u")), &id) > 0 else { return }
        switch member {
        case "ActionInvoked":
            var key: UnsafePointer<CChar>?
            guard sd_bus_message_read_basic(message, CChar(bitPattern: UInt8(ascii: "s")), &key) > 0, let key,
                let index = shown.firstIndex(where: { $0.id == id && $0.key == String(cString: key) })
            else { return }
            let payload = shown[index].payload
            // Pressed once: a second signal for it (a server that sends one per view) starts nothing.
            shown.remove(at: index)
            pressed(payload)
        case "NotificationClosed":
            shown.removeAll { $0.id == id }
        default: break
        }
    }
}
