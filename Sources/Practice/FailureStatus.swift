import Control
import Decoders
import Library
import Outputs
import Session
import Settings

/// The exit status a command ends with for a failure, after sysexits(3), so that a script can
/// tell a typo from a missing file from a box with no speaker. The man page's EXIT STATUS and
/// docs/usage.md list them; ArgumentParser's own refusals are `usage` already.
package enum FailureStatus: Int32, Sendable, CaseIterable {
    /// Any other failure; and a command that ran but did not do all it was asked: `config get` of
    /// a key that is not set, files or rows an import skipped, a library check that found
    /// faults, a service that refused in its present state (`ctl pause` with nothing playing).
    case failure = 1
    /// The command line: an unknown option, a value an option does not take, values that
    /// cannot go together.
    case usage = 64
    /// A file that is not what it should be: not audio, damaged, too short to loop, a bad row.
    case data = 65
    /// A file, a track or a preset that is not there.
    case noInput = 66
    /// No sound output, or no service answering.
    case unavailable = 69
    /// Something meditate itself got wrong: a bundled sound missing, a reply it cannot read.
    case software = 70
    /// A file that cannot be made.
    case cannotCreate = 73
    /// Reading or writing failed on the way (a full disk, the database).
    case inputOutput = 74
    /// config.toml, a preset or a MEDITATE_* variable holds what cannot be used.
    case configuration = 78
    /// Ctrl-C ended a render before its file was whole.
    case interrupted = 130

    /// The status for `error`, one of the project's typed errors; anything else is `failure`.
    package static func of(_ error: any Error) -> FailureStatus {
        switch error {
        case let error as SettingUseFailure: error.underlying.map(of) ?? .configuration
        case let error as DecoderError: of(error)
        case let error as LibraryError: of(error)
        case let error as OutputError: of(error)
        case let error as ControlError: of(error)
        case let error as RPCError: of(error)
        case let error as SettingsError: of(error)
        case let error as SoundError: of(error)
        case is SessionPlanError, is RequestRefusal, is RandomBellsError, is SegmentListError: .usage
        case is UnplayableSound: .data
        case is StandardOutputFailure: .inputOutput
        default: .failure
        }
    }

    private static func of(_ error: DecoderError) -> FailureStatus {
        switch error {
        case .fileNotFound: .noInput
        case .unreadable: .noInput
        case .resamplerFailed: .software
        case .empty, .notAudio, .truncated, .decodeFailed, .notRegularFile, .implausibleLength, .tooLong: .data
        }
    }

    private static func of(_ error: LibraryError) -> FailureStatus {
        switch error {
        case .database: .inputOutput
        case .unreadable, .noSuchPath, .noSuchTrack: .noInput
        case .ambiguous, .courseExists, .sameSit: .usage
        case .noSuchCourse: .noInput
        case .undecodable(let decoding): of(decoding)
        case .unmeasurable, .holdsNoAudio, .damagedSamples: .data
        case .copyFailed, .shared: .cannotCreate
        case .measuringStopped: .interrupted
        }
    }

    private static func of(_ error: OutputError) -> FailureStatus {
        switch error {
        case .cannotCreate, .notAFile, .standardOutput: .cannotCreate
        case .writeFailed: .inputOutput
        case .unavailable, .deviceLost, .noOutput, .engineFull: .unavailable
        }
    }

    private static func of(_ error: ControlError) -> FailureStatus {
        switch error {
        case .refused(let refusal): of(refusal)
        case .badReply: .software
        case .cannotListen, .alreadyRunning, .cannotConnect, .connectionLost, .timedOut, .abandoned: .unavailable
        }
    }

    /// A service's answer, or the same method carried out here when no service runs.
    private static func of(_ error: RPCError) -> FailureStatus {
        switch error.code {
        case RPCError.invalidParams("").code: .usage
        case RPCError.refused("").code: .failure
        default: .unavailable
        }
    }

    private static func of(_ error: SettingsError) -> FailureStatus {
        switch error {
        case .malformed, .unreadable: .configuration
        case .invalidValue(let origin, _), .unknownKey(let origin, _), .presetOnly(let origin, _):
            // `config set nois pink` is the command line; config.toml:3 or MEDITATE_NOISE is not.
            origin.hasPrefix("config ") ? .usage : .configuration
        case .invalidFlag, .invalidPresetName: .usage
        case .unknownPreset, .emptyPreset: .noInput
        case .unwritable: .cannotCreate
        }
    }

    private static func of(_ error: SoundError) -> FailureStatus {
        switch error {
        case .unknownName, .crossfadeOutOfRange: .usage
        case .bundledSoundMissing: .software
        case .ambienceTooShort: .data
        }
    }
}
