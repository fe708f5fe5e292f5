/// logind's Suspend, asked for once a sleep has run to its end (`--after suspend`). Not
/// interactive: logind asks nobody for a password, and a block inhibitor another program holds
/// (a download, a call) makes it refuse, which is its answer and is said on the log.
public enum SystemSuspend {
    /// Asks logind on `bus` (the system bus) to suspend the machine now.
    public static func request(on bus: DesktopBus) throws(DesktopBusError) {
        try bus.call(
            destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
            interface: "org.freedesktop.login1.Manager", member: "Suspend", arguments: [.boolean(false)]
        ) { _ throws(DesktopBusError) in () }
    }
}
