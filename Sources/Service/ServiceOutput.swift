import Control
import Engine
import Foundation
import Localization
import Logging
import Outputs
import Practice
import Settings

/// The one device the service plays its sits, tracks and bells through: a `LiveEngine` made
/// when the first plays (with the device opened for it), at the sample rate the settings say
/// then, and made again at another rate only once nothing plays through it. The engine closes
/// the device after `quietSeconds` of silence and opens it again when a session or a bell
/// starts or resumes.
///
/// Thread: control (the service's main thread); the engine it makes wakes that thread from its output thread through `controlWake`.
final class ServiceOutput {
    let options: OutputChoice
    let quietSeconds: Int
    private var engine: LiveEngine?
    /// What `deviceRate` found: nil when not asked yet, `.some(nil)` when the default stands.
    private var probedDeviceRate: Int??

    /// Wakes the control thread when a program ends or the output is lost or back.
    private let controlWake: @Sendable () -> Void

    init(options: OutputChoice, quietSeconds: Int, controlWake: @escaping @Sendable () -> Void) {
        self.options = options
        self.quietSeconds = quietSeconds
        self.controlWake = controlWake
    }

    /// The engine for a program at `sampleRate`, with the device `settings` name. The first is
    /// made with that device opened (an `OutputError` when it will not open), so that what it
    /// asks for at a time and holds sizes the engine.
    func engine(sampleRate: Int, settings: Settings) throws -> LiveEngine {
        if let engine, engine.sampleRate == sampleRate { return engine }
        if let engine {
            guard engine.isIdle else {
                throw RPCError.refused(
                    localized(
                        "the output plays at \(engine.sampleRate) Hz until nothing plays, not \(sampleRate) Hz",
                        de:
                            "die Ausgabe spielt mit \(engine.sampleRate) Hz, bis nichts mehr spielt, nicht mit \(sampleRate) Hz"
                    ))
            }
            engine.stop()
            self.engine = nil
        }
        let opener = opener(sampleRate: sampleRate, settings: settings)
        let made = LiveEngine(
            opened: try opener.open(), opener: opener, sampleRate: sampleRate, quietMilliseconds: quietSeconds * 1000,
            controlWake: controlWake)
        engine = made
        return made
    }

    /// Opens the output once and closes it again: what the sessions will play through (the
    /// backend `auto` found, the device's buffer), or why nothing answers now.
    func check(settings: Settings) throws(OutputError) -> String {
        let rate = settings.value(SettingKeys.sampleRate, flag: nil)
        return try opener(sampleRate: rate, settings: settings).open().summary
    }

    /// Says at the start what the sessions will play through, or why nothing answers (a
    /// `--device` that names nothing, no sound server yet), rather than at the first bell of
    /// the morning. The service serves either way: each session opens the output anew. The
    /// check also brings in the sound libraries' code and ALSA's configuration, which the first
    /// session would otherwise bring in (1 MiB resident, kept from then on either way).
    func say(to logger: Logger) {
        do {
            let summary = try check(settings: try Settings.load())
            logger.notice("\(localized("output", de: "Ausgabe")): \(summary)")
        } catch {
            logger.warning(
                "\(localized("output", de: "Ausgabe")): \(FailureLine.line(for: error)) (\(localized("each session tries again", de: "jede Sitzung versucht es erneut")))"
            )
        }
    }

    /// The sample rate something plays at through the engine now, if anything does.
    var playingSampleRate: Int? {
        guard let engine, !engine.isIdle else { return nil }
        return engine.sampleRate
    }

    /// The rate for a program that names none, when the device plays only another without
    /// resampling (`OutputOptions.deviceRate`). Asked of the device once, before the first
    /// engine holds it (a card that is open cannot be asked), and remembered.
    func deviceRate(settings: Settings) -> Int? {
        if let probedDeviceRate { return probedDeviceRate }
        guard engine == nil else { return nil }
        let rate = options.deviceRate(settings: settings, flag: nil)
        probedDeviceRate = .some(rate)
        return rate
    }

    /// The opener of the device `settings` name, for a program that finds the engine closed.
    func opener(sampleRate: Int, settings: Settings) -> OutputOpener {
        .request(options.request(sampleRate: sampleRate, settings: settings))
    }

    /// Ends the engine, once every program has ended, and waits a little for its thread to let
    /// go of the device.
    func stop() {
        guard let engine else { return }
        engine.stop()
        // Its sink may still be taking the last fade: at most a sink's latency.
        for _ in 0..<150 where !engine.isFinished { usleep(2000) }
    }
}
