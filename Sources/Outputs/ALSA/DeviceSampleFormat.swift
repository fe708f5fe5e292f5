import CALSA
import Foundation

/// Sample formats tried on a device, best first.
enum DeviceSampleFormat: CaseIterable, CustomStringConvertible {
    case float, s32, s16

    var alsa: snd_pcm_format_t {
        switch self {
        case .float: SND_PCM_FORMAT_FLOAT_LE
        case .s32: SND_PCM_FORMAT_S32_LE
        case .s16: SND_PCM_FORMAT_S16_LE
        }
    }

    var description: String {
        switch self {
        case .float: "float32"
        case .s32: "s32"
        case .s16: "s16"
        }
    }
}
