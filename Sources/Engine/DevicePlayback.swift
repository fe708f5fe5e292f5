import Outputs

/// What the engine's output thread keeps of the device: frames written and played, counted over
/// every device it opened, and where a take-back may start. Owned by the output thread.
struct DevicePlayback {
    /// Device frames written, over every device opened (the current one's first is `deviceBase`).
    var written = 0
    /// The furthest device frame written to the current device.
    var highWater = 0
    var deviceBase = 0
    /// Where the last fade (or a program's start) ended: a take-back never cuts into it.
    var fadeEnd = 0
    /// The last device frame heard, as the device last told.
    var played = 0
    var underrunsOfClosedDevices = 0
    /// Whether the current device's underruns count: not once a one-shot's stream has run dry.
    var countUnderrunsOfCurrentDevice = true
    /// Whether the device is closed (a quiet spell, or not opened yet).
    var closed = false
    /// Whether it was closed for a quiet spell: opened again, it gets silence first.
    var closedForQuiet = false
    /// Silence still to write, on a device opened again after a quiet spell, before anything else.
    var wakeLeft = 0
    /// The device frame since which no program has been playing through it.
    var emptySince = 0

    /// A device opened: its underruns count from now; after a quiet spell, `wakeFrames` of
    /// silence come first.
    mutating func open(wakeFrames: Int) {
        closed = false
        countUnderrunsOfCurrentDevice = true
        guard closedForQuiet else { return }
        closedForQuiet = false
        wakeLeft = wakeFrames
        // The wake-up silence is left whole by any take-back.
        fadeEnd = written + wakeFrames
    }

    /// The device closed, having had `underruns`: the clock goes on from what it played.
    mutating func close(forQuiet: Bool, underruns: Int) {
        underrunsOfClosedDevices += underruns
        written = played
        highWater = played
        deviceBase = played
        fadeEnd = played
        emptySince = played
        closed = true
        closedForQuiet = forQuiet
        wakeLeft = 0
    }
}
