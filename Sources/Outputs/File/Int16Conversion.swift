/// Float to 16-bit conversion: clip to full scale, then round to nearest. Digital silence stays
/// exactly zero (no dither), and an over-full sample clips instead of wrapping around.
enum Int16Conversion {
    /// Adding 1.5·2²³ to a float of magnitude below 2²² leaves the value, rounded to nearest
    /// even, in the low mantissa bits: rounding without a libm call or a trapping conversion,
    /// which lets the loop vectorise.
    private static let roundingBias: Float = 12_582_912

    static func convert(_ source: UnsafeBufferPointer<Float>, into destination: UnsafeMutablePointer<Int16>) {
        guard let base = source.baseAddress else { return }
        for i in 0..<source.count {
            let clipped = min(max(base[i], -1), 1) * 32767
            let bits = (clipped + roundingBias).bitPattern
            destination[i] = Int16(truncatingIfNeeded: bits)
        }
    }
}
