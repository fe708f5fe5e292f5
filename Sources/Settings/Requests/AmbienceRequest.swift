/// A sit's ambience as its loop is made: the file or track, where it was named (for a
/// refusal's words), its loudness beside the noise bed's and the seconds of its seam.
package struct AmbienceRequest: Sendable {
    package var name: String
    package var source: SettingSource
    package var volume: Float
    package var crossfadeSeconds: Float
}
