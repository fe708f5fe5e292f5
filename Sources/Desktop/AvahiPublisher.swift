import CSystemd
import Foundation
import Rings

/// Says on the local network that a service is here, through Avahi's D-Bus API on the system
/// bus: one entry group with a DNS-SD service per type, all on one port under one name. A name
/// another host already uses is changed as Avahi proposes ("meditate on pi #2") and published
/// again; an avahi-daemon that restarts gets the group again; `stop` frees the group, which
/// withdraws the records at once (a goodbye with TTL 0), as Avahi itself does for a client that
/// goes away.
///
/// Thread: a bus thread of its own (`meditate-avahi`) owns the connection and sleeps in poll()
/// on it and a wake-up pipe; `report` runs there. Never an audio thread.
public final class AvahiPublisher: @unchecked Sendable {
    /// What is published.
    public struct Announcement: Sendable {
        /// The instance name people see ("meditate on pi", at most 63 bytes) from the host name
        /// Avahi publishes (which may differ from the kernel's).
        public var name: @Sendable (_ host: String) -> String
        public var port: UInt16
        /// Each service type (`_meditate._tcp`) with its TXT records.
        public var services: [(type: String, txt: [(key: String, value: String)])]

        public init(
            name: @escaping @Sendable (_ host: String) -> String, port: UInt16,
            services: [(type: String, txt: [(key: String, value: String)])]
        ) {
            self.name = name
            self.port = port
            self.services = services
        }
    }

    /// What happened, for the log.
    public enum Report: Sendable {
        /// No Avahi on the system bus (or no system bus): nothing is published, until an
        /// avahi-daemon starts.
        case unavailable(DesktopBusError)
        /// Published under this name.
        case announced(name: String)
        /// Avahi refused it.
        case failed(DesktopBusError)
    }

    public typealias Reporter = @Sendable (Report) -> Void

    private let announcement: Announcement
    private let report: Reporter
    private let wakeUp: WakePipe
    private let ended = DispatchSemaphore(value: 0)
    private let stopping = NSLock()
    private var stopAsked = false

    // The bus thread's own.
    /// The name published; empty until Avahi's host name is known.
    private var name = ""
    /// The entry group's object path, once Avahi made one.
    private var group: String?
    /// Set by a signal: publish again (a collision, a daemon back).
    private var republish = false
    private var renameFirst = false
    private var established = false
    /// Names tried for one publication: a network full of namesakes ends the search.
    static let mostRenames = 20

    private init(announcement: Announcement, wakeUp: WakePipe, report: @escaping Reporter) {
        self.announcement = announcement
        self.wakeUp = wakeUp
        self.report = report
    }

    /// Starts the bus thread, which publishes at once; nil when its wake-up pipe cannot be made.
    public static func start(_ announcement: Announcement, report: @escaping Reporter) -> AvahiPublisher? {
        guard let wakeUp = WakePipe() else { return nil }
        let publisher = AvahiPublisher(announcement: announcement, wakeUp: wakeUp, report: report)
        let thread = Thread {
            Thread.current.name = "meditate-avahi"
            publisher.serve()
        }
        thread.start()
        return publisher
    }

    /// Withdraws the records and leaves the bus; waits up to a second for the thread.
    public func stop() {
        stopping.withLock { stopAsked = true }
        wakeUp.wake()
        _ = ended.wait(timeout: .now() + 1)
    }

    // MARK: The bus thread

    private func serve() {
        defer { ended.signal() }
        BusThread.leaveSignalsToOthers()
        let opened = DesktopBus.open(.system)
        guard case let .success(bus) = opened else {
            if case let .failure(error) = opened { report(.unavailable(error)) }
            waitForStop()
            return
        }
        var slots: [OpaquePointer?] = []
        defer { for slot in slots { sd_bus_slot_unref(slot) } }
        do {
            slots = try listen(on: bus)
        } catch {
            report(.unavailable(error))
            waitForStop()
            return
        }
        republish = true
        var said = false
        while !stopping.withLock({ stopAsked }) {
            if republish {
                republish = false
                do {
                    try publish(on: bus)
                } catch {
                    group = nil
                    // Reported once; an avahi-daemon that starts later is heard of (NameOwnerChanged).
                    if !said { report(Self.meansNoAvahi(error) ? .unavailable(error) : .failed(error)) }
                    said = true
                }
            }
            var processed: Int32
            repeat { processed = sd_bus_process(bus.bus, nil) } while processed > 0
            if processed < 0 { break }
            if republish { continue }
            BusThread.sleep(on: bus.bus, wakeUp: wakeUp)
        }
        if let group {
            try? bus.call(destination: Avahi.destination, path: group, interface: Avahi.entryGroup, member: "Free")
        }
        _ = sd_bus_flush(bus.bus)
    }

    /// No avahi-daemon answers: none runs, or the bus cannot start one.
    static func meansNoAvahi(_ error: DesktopBusError) -> Bool {
        guard let name = error.name else { return true }
        return name.hasPrefix("org.freedesktop.DBus.Error.")
    }

    private func waitForStop() {
        while !stopping.withLock({ stopAsked }) { BusThread.sleep(on: nil, wakeUp: wakeUp) }
    }

    /// The signals that ask for another publication: the group's state, and avahi-daemon
    /// coming back (a new owner of its name).
    private func listen(on bus: DesktopBus) throws(DesktopBusError) -> [OpaquePointer?] {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var groupSlot: OpaquePointer?
        let matched = sd_bus_match_signal(
            bus.bus, &groupSlot, Avahi.destination, nil, Avahi.entryGroup, "StateChanged",
            { message, context, _ in
                guard let message, let context else { return 0 }
                Unmanaged<AvahiPublisher>.fromOpaque(context).takeUnretainedValue().groupChanged(message)
                return 0
            }, context)
        guard matched >= 0 else { throw DesktopBusError(status: matched, call: "AddMatch") }
        var ownerSlot: OpaquePointer?
        let rule =
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
            + "member='NameOwnerChanged',arg0='\(Avahi.destination)'"
        let owned = sd_bus_add_match(
            bus.bus, &ownerSlot, rule,
            { message, context, _ in
                guard let message, let context else { return 0 }
                Unmanaged<AvahiPublisher>.fromOpaque(context).takeUnretainedValue().ownerChanged(message)
                return 0
            }, context)
        guard owned >= 0 else {
            sd_bus_slot_unref(groupSlot)
            throw DesktopBusError(status: owned, call: "AddMatch")
        }
        return [groupSlot, ownerSlot]
    }

    /// Adds every service under the current name and commits; a name taken on this host is
    /// changed as Avahi proposes and tried again.
    private func publish(on bus: DesktopBus) throws(DesktopBusError) {
        let path: String
        if let group {
            path = group
            try bus.call(destination: Avahi.destination, path: path, interface: Avahi.entryGroup, member: "Reset")
        } else {
            path = try bus.call(
                destination: Avahi.destination, path: Avahi.serverPath, interface: Avahi.server,
                member: "EntryGroupNew", arguments: []
            ) { reply throws(DesktopBusError) in try DesktopBusReader(reply, call: "EntryGroupNew").objectPath() }
            group = path
        }
        established = false
        if name.isEmpty {
            let host = try bus.call(
                destination: Avahi.destination, path: Avahi.serverPath, interface: Avahi.server,
                member: "GetHostName", arguments: []
            ) { reply throws(DesktopBusError) in try DesktopBusReader(reply, call: "GetHostName").string() }
            name = announcement.name(host)
        }
        if renameFirst {
            renameFirst = false
            name = try alternative(to: name, on: bus)
        }
        var renames = 0
        while true {
            do {
                for service in announcement.services {
                    try bus.call(
                        destination: Avahi.destination, path: path, interface: Avahi.entryGroup, member: "AddService",
                        arguments: [
                            .int32(Avahi.anyInterface), .int32(Avahi.anyProtocol), .uint32(0), .string(name),
                            .string(service.type), .string(""), .string(""), .uint16(announcement.port),
                            .byteArrays(Avahi.txt(service.txt))
                        ])
                }
                break
            } catch  where error.name == Avahi.collisionError && renames < Self.mostRenames {
                renames += 1
                try bus.call(destination: Avahi.destination, path: path, interface: Avahi.entryGroup, member: "Reset")
                name = try alternative(to: name, on: bus)
            }
        }
        try bus.call(destination: Avahi.destination, path: path, interface: Avahi.entryGroup, member: "Commit")
    }

    /// Avahi's next name for `name` ("meditate on pi" → "meditate on pi #2").
    private func alternative(to name: String, on bus: DesktopBus) throws(DesktopBusError) -> String {
        try bus.call(
            destination: Avahi.destination, path: Avahi.serverPath, interface: Avahi.server,
            member: "GetAlternativeServiceName", arguments: [.string(name)]
        ) { reply throws(DesktopBusError) in
            try DesktopBusReader(reply, call: "GetAlternativeServiceName").string()
        }
    }

    /// The group's state: established (said once per publication), a collision with another
    /// host's name (publish again under another), or a failure.
    private func groupChanged(_ message: OpaquePointer) {
        guard let group, let path = sd_bus_message_get_path(message).map({ String(cString: $0) }), path == group,
            let raw = try? DesktopBusReader(message, call: "StateChanged").int32(),
            let state = Avahi.GroupState(rawValue: raw)
        else { return }
        switch state {
        case .established where !established:
            established = true
            report(.announced(name: name))
        case .collision:
            renameFirst = true
            republish = true
        case .failure:
            let reason = (try? DesktopBusReader(message, call: "StateChanged").string()) ?? ""
            report(.failed(DesktopBusError(status: -EIO, call: "EntryGroup", name: reason.isEmpty ? nil : reason)))
        default: break
        }
    }

    /// avahi-daemon gone (its groups with it) or back (publish again).
    private func ownerChanged(_ message: OpaquePointer) {
        let reader = DesktopBusReader(message, call: "NameOwnerChanged")
        guard (try? reader.string()) == Avahi.destination, (try? reader.string()) != nil,
            let newOwner = try? reader.string()
        else { return }
        group = nil
        established = false
        if !newOwner.isEmpty { republish = true }
    }
}
