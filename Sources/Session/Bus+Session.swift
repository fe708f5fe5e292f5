import Mixer

/// The buses a session plays on.
extension Bus {
    /// The start, interval and completion gongs.
    public static let gongs = Bus.first
    /// The noise bed.
    public static let noise = Bus.second
    /// The guided track.
    public static let guided = Bus.third
}
