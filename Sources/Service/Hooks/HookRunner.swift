import CSpawn
import Clock
import Control
import Foundation
import Logging
import Settings

/// Runs the hooks of `[hooks]`: each in a process of its own (`/bin/sh -c`, its own process
/// group, signals as a fresh shell has them), started and watched by a thread of its own, so
/// that neither a slow start nor a hanging hook ever touches the engine's threads. A hook
/// that outlives its time limit is killed with its process group and logged; one that fails
/// is logged; the session never waits for either. A hook holds none of the service's
/// descriptors, and none outlives the service: when it stops, hooks still running after a short
/// grace are killed with their process groups.
final class HookRunner: @unchecked Sendable {
    private struct Running {
        let pid: pid_t
        let name: String
        let deadline: Double
        /// Its standard error, read into the log.
        let output: HookOutput?
    }

    private let settings: HookSettings
    private let logger: Logger
    /// Hooks waiting to be started, by the control thread; taken by the hook thread.
    private let pending = NSLock()
    private var queue: [(name: String, command: String, environment: [String: String])] = []
    private var stopped = false
    /// When a stopping service kills the hooks still running (monotonic seconds).
    private var killAt = Double.infinity
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// The most hooks waiting: a burst beyond it is dropped (and logged), never queued without bound.
    static let queueLimit = 64

    init(settings: HookSettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
        guard !settings.commands.isEmpty else { return }
        Thread.detachNewThread { [self] in
            Thread.current.name = "meditate-hooks"
            run()
        }
    }

    /// Thread: control. Starts the hook set for `event`, if any; returns at once.
    func handle(_ event: JSONValue) {
        guard !settings.commands.isEmpty, let name = event["event"]?.stringValue else { return }
        var names = [name]
        if name == "phase" {
            if event["phase"] == "paused" { names.append("paused") }
            if event["phase"] == "sitting" || event["phase"] == "playing" { names.append("resumed") }
        }
        for hook in names {
            guard let command = settings.commands[hook] else { continue }
            let environment = HookEnvironment.variables(for: event, named: hook)
            let accepted = pending.withLock {
                guard queue.count < Self.queueLimit, !stopped else { return false }
                queue.append((hook, command, environment))
                return true
            }
            if accepted { wake.signal() } else { logger.warning("hook \(hook): too many waiting, not run") }
        }
    }

    /// Thread: control. Lets hooks still running finish within `seconds`, then kills each
    /// one's process group (a shell's children too) and returns once they are reaped.
    func stop(waitingUpTo seconds: Double) {
        guard !settings.commands.isEmpty else { return }
        pending.withLock {
            stopped = true
            killAt = MonotonicClock.seconds() + seconds
        }
        wake.signal()
        // The hook thread kills at `killAt` and reaps at once; the margin is for its wake-up.
        _ = finished.wait(timeout: .now() + seconds + 0.5)
    }

    // MARK: The hook thread

    private func run() {
        var running: [Running] = []
        while true {
            let (jobs, stop, killAt) = pending.withLock {
                defer { queue.removeAll() }
                return (queue, stopped, self.killAt)
            }
            for job in jobs {
                let output = HookOutput(name: job.name)
                if let pid = spawn(job.command, environment: job.environment, errors: output?.childEnd) {
                    output?.childStarted()
                    running.append(
                        Running(
                            pid: pid, name: job.name,
                            deadline: MonotonicClock.seconds() + Double(settings.timeoutSeconds), output: output))
                } else {
                    logger.error("hook \(job.name): cannot start /bin/sh: \(String(cString: strerror(errno)))")
                    output?.finish(into: logger)
                }
            }
            for hook in running { hook.output?.drain(into: logger) }
            running = reap(running)
            if stop && !running.isEmpty && MonotonicClock.seconds() >= killAt {
                killAll(running)
                running = []
            }
            if stop && running.isEmpty { break }
            if running.isEmpty {
                wake.wait()
            } else {
                // A child's end wakes nothing here: poll while any runs, briefly.
                _ = wake.wait(timeout: .now() + .milliseconds(50))
            }
        }
        finished.signal()
    }

    /// The service is stopping: every hook still running ends with its process group, and is
    /// reaped here, so that none is left as an orphan.
    private func killAll(_ running: [Running]) {
        for hook in running {
            kill(-hook.pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(hook.pid, &status, 0) < 0 && errno == EINTR {}
            hook.output?.finish(into: logger)
            logger.warning("hook \(hook.name): still running as the service stops, killed")
        }
    }

    private func reap(_ running: [Running]) -> [Running] {
        var still: [Running] = []
        let now = MonotonicClock.seconds()
        for hook in running {
            var status: Int32 = 0
            let result = waitpid(hook.pid, &status, WNOHANG)
            if result == hook.pid {
                hook.output?.finish(into: logger)
                let code = (status >> 8) & 0xFF
                let signal = status & 0x7F
                if signal != 0 {
                    logger.warning("hook \(hook.name): killed by signal \(signal)")
                } else if code != 0 {
                    logger.warning("hook \(hook.name): exit status \(code)")
                } else {
                    logger.debug("hook \(hook.name): done")
                }
            } else if result < 0 {
                hook.output?.finish(into: logger)
                continue
            } else if now >= hook.deadline {
                // The whole group: a shell's children too.
                kill(-hook.pid, SIGKILL)
                logger.warning("hook \(hook.name): still running after \(settings.timeoutSeconds) s, killed")
                still.append(Running(pid: hook.pid, name: hook.name, deadline: .infinity, output: hook.output))
            } else {
                still.append(hook)
            }
        }
        return still
    }

    /// `/bin/sh -c command` in a new process group, standard input and output on /dev/null,
    /// standard error `errors` (a pipe into the log; else the service's), every signal at its
    /// default and unblocked,
    /// and no other descriptor: a hook's child left in the background must not hold the
    /// service's listening socket (a restarted service would find it taken), its event loop or
    /// the track it plays.
    private func spawn(_ command: String, environment: [String: String], errors: Int32?) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let errors { posix_spawn_file_actions_adddup2(&actions, errors, 2) }
        let closing = meditate_spawn_close_from(&actions, 3)
        guard closing == 0 else {
            errno = closing
            return nil
        }

        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let arguments = ["/bin/sh", "-c", command]
        let environmentLines = merged.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(environmentLines) { envp in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            errno = result
            return nil
        }
        return pid
    }

    private func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
