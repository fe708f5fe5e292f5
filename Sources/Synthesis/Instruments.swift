/// The bundled instruments. Their partial tables follow published measurements of the kind of
/// object loosely (mode ratios of Himalayan bowls, tam-tams and small hand bells), tuned by ear
/// for calm rather than realism.
public enum Instrument: String, CaseIterable, Sendable {
    case bowl, gong, bell

    public var model: StruckModel {
        switch self {
        case .bowl:
            // A singing bowl around 220 Hz: its fundamental rings ~15 s, with slow beats.
            return StruckModel(
                fundamental: 220,
                partials: [
                    .init(ratio: 1.00, amplitude: 1.00, decaySeconds: 15, beatHertz: 0.6),
                    .init(ratio: 2.71, amplitude: 0.55, decaySeconds: 10, beatHertz: 1.1),
                    .init(ratio: 5.04, amplitude: 0.30, decaySeconds: 6.5, beatHertz: 1.7),
                    .init(ratio: 8.00, amplitude: 0.14, decaySeconds: 4.0, beatHertz: 2.3),
                    .init(ratio: 11.6, amplitude: 0.06, decaySeconds: 2.5, beatHertz: 2.9)
                ], strikeNoise: 0.05, strikeNoiseDecaySeconds: 0.008, durationSeconds: 18)
        case .gong:
            // A deep tam-tam around 70 Hz: dense inharmonic partials and a long low hum.
            return StruckModel(
                fundamental: 70,
                partials: [
                    .init(ratio: 1.00, amplitude: 1.00, decaySeconds: 16, beatHertz: 0.3),
                    .init(ratio: 1.52, amplitude: 0.70, decaySeconds: 14, beatHertz: 0.4),
                    .init(ratio: 2.03, amplitude: 0.55, decaySeconds: 12, beatHertz: 0.5),
                    .init(ratio: 2.61, amplitude: 0.45, decaySeconds: 10, beatHertz: 0.7),
                    .init(ratio: 3.24, amplitude: 0.35, decaySeconds: 8.5, beatHertz: 0.9),
                    .init(ratio: 3.97, amplitude: 0.28, decaySeconds: 7.0, beatHertz: 1.1),
                    .init(ratio: 4.79, amplitude: 0.20, decaySeconds: 5.5, beatHertz: 1.4),
                    .init(ratio: 5.64, amplitude: 0.14, decaySeconds: 4.5, beatHertz: 1.7),
                    .init(ratio: 6.60, amplitude: 0.10, decaySeconds: 3.5, beatHertz: 2.0),
                    .init(ratio: 8.31, amplitude: 0.06, decaySeconds: 2.5, beatHertz: 2.6)
                ], strikeNoise: 0.12, strikeNoiseDecaySeconds: 0.02, durationSeconds: 20)
        case .bell:
            // A small bell around 1 kHz: bright, short, with a hum below the strike note.
            return StruckModel(
                fundamental: 1046,
                partials: [
                    .init(ratio: 0.50, amplitude: 0.35, decaySeconds: 6.0, beatHertz: 0.8),
                    .init(ratio: 1.00, amplitude: 1.00, decaySeconds: 4.5, beatHertz: 1.2),
                    .init(ratio: 1.19, amplitude: 0.45, decaySeconds: 3.5, beatHertz: 1.6),
                    .init(ratio: 1.50, amplitude: 0.30, decaySeconds: 3.0, beatHertz: 2.0),
                    .init(ratio: 2.00, amplitude: 0.50, decaySeconds: 2.5, beatHertz: 2.4),
                    .init(ratio: 2.51, amplitude: 0.20, decaySeconds: 1.8, beatHertz: 3.0),
                    .init(ratio: 3.01, amplitude: 0.12, decaySeconds: 1.2, beatHertz: 3.6)
                ], strikeNoise: 0.04, strikeNoiseDecaySeconds: 0.004, durationSeconds: 7)
        }
    }
}
