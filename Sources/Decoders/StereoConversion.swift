/// Any channel count to interleaved stereo: mono is duplicated, more than two channels keep the
/// first two (front left and right in every common layout).
enum StereoConversion {
    static func toStereo(
        _ source: UnsafePointer<Float>, channels: Int, frames: Int,
        into destination: UnsafeMutablePointer<Float>
    ) {
        switch channels {
        case 1:
            for i in 0..<frames {
                destination[2 * i] = source[i]
                destination[2 * i + 1] = source[i]
            }
        case 2:
            destination.update(from: source, count: frames * 2)
        default:
            for i in 0..<frames {
                destination[2 * i] = source[channels * i]
                destination[2 * i + 1] = source[channels * i + 1]
            }
        }
    }
}
