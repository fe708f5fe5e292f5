/// Kellet's coefficients for the SIMD4 layout of `StereoPinkFilter`.
@usableFromInline
struct PinkTaps: Sendable {
    @usableFromInline let poles01 = SIMD4<Float>(0.99886, 0.99886, 0.99332, 0.99332)
    @usableFromInline let inputs01 = SIMD4<Float>(0.0555179, 0.0555179, 0.0750759, 0.0750759)
    @usableFromInline let poles23 = SIMD4<Float>(0.96900, 0.96900, 0.86650, 0.86650)
    @usableFromInline let inputs23 = SIMD4<Float>(0.1538520, 0.1538520, 0.3104856, 0.3104856)
    @usableFromInline let poles45 = SIMD4<Float>(0.55000, 0.55000, -0.7616, -0.7616)
    @usableFromInline let inputs45 = SIMD4<Float>(0.5329522, 0.5329522, -0.0168980, -0.0168980)
    @usableFromInline let direct = SIMD4<Float>(repeating: 0.5362)
    @usableFromInline let delay = SIMD4<Float>(repeating: 0.115926)
    /// Brings the filter's output to the RMS of its uniform white input.
    @usableFromInline let outputGain = SIMD4<Float>(repeating: 0.33)

    /// Thread: control (made before the render thread has it).
    @usableFromInline init() {}

    /// One frame through sections 0–5: `white` is (L, R, L, R); the halves of the result sum to
    /// the sections' output (L, R).
    /// Thread: render.
    @inlinable @inline(__always)
    func step(
        _ white: SIMD4<Float>, _ s01: inout SIMD4<Float>, _ s23: inout SIMD4<Float>,
        _ s45: inout SIMD4<Float>
    ) -> SIMD4<Float> {
        s01 = poles01 * s01 + inputs01 * white
        s23 = poles23 * s23 + inputs23 * white
        s45 = poles45 * s45 + inputs45 * white
        return s01 + s23 + s45
    }
}
