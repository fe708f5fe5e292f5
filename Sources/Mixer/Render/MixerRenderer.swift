import Rings

/// The render side of a mixer: owned by exactly one thread (the real-time thread, or the
/// offline driver's loop).
///
/// `render` never allocates, locks, logs or blocks. Everything it needs is allocated here, in
/// `init`, on the control side. Commands are applied at their exact frame by splitting the
/// block there, so a voice scheduled for frame F writes its first sample at F even when F
/// falls inside a block.
public final class MixerRenderer: @unchecked Sendable {
    let rings: MixerRings
    public let format: EngineFormat
    public let maxBlockFrames: Int

    /// The absolute frame the next `render` call starts at.
    public private(set) var frame = 0

    private let maxVoices: Int
    private let voices: UnsafeMutablePointer<Voice>
    private let pendingCapacity: Int
    private let pending: UnsafeMutablePointer<TimedCommand>
    private var pendingCount = 0
    private let busCount = Bus.allCases.count
    private let busGains: UnsafeMutablePointer<GainRamp>
    private let busBuffers: UnsafeMutablePointer<Float>
    private let scratch: UnsafeMutablePointer<Float>
    /// Room for a block of the pink filter's section sums.
    private let noiseScratch: UnsafeMutablePointer<SIMD4<Float>>
    private var masterGain = GainRamp(value: 1)
    /// The master bus's last stage: nothing past full scale leaves the mixer.
    private var ceiling: PeakCeiling?
    /// The render thread, checked in debug builds.
    private let renderThread = ThreadOwner()

    /// Thread: control (made before the render thread has it).
    init(rings: MixerRings, format: EngineFormat, limits: MixerLimits) {
        self.rings = rings
        self.format = format
        maxBlockFrames = limits.maxBlockFrames
        maxVoices = limits.maxVoices
        voices = .allocate(capacity: limits.maxVoices)
        voices.initialize(repeating: Voice(), count: limits.maxVoices)
        pendingCapacity = limits.commandCapacity
        pending = .allocate(capacity: limits.commandCapacity)
        busGains = .allocate(capacity: Bus.allCases.count)
        busGains.initialize(repeating: GainRamp(value: 1), count: Bus.allCases.count)
        let blockSamples = limits.maxBlockFrames * EngineFormat.channels
        busBuffers = .allocate(capacity: Bus.allCases.count * blockSamples)
        busBuffers.initialize(repeating: 0, count: Bus.allCases.count * blockSamples)
        scratch = .allocate(capacity: blockSamples)
        scratch.initialize(repeating: 0, count: blockSamples)
        noiseScratch = .allocate(capacity: limits.maxBlockFrames)
        noiseScratch.initialize(repeating: SIMD4(), count: limits.maxBlockFrames)
        ceiling = limits.peakCeiling.map { PeakCeiling(ceiling: $0, sampleRate: format.sampleRate) }
    }

    deinit {
        voices.deinitialize(count: maxVoices)
        voices.deallocate()
        pending.deinitialize(count: pendingCount)
        pending.deallocate()
        busGains.deallocate()
        busBuffers.deallocate()
        scratch.deallocate()
        noiseScratch.deallocate()
    }

    /// Voices currently playing.
    /// Thread: render (the mixer thread live, the caller's offline).
    var activeVoiceCount: Int {
        var count = 0
        for i in 0..<maxVoices where voices[i].isActive { count += 1 }
        return count
    }

    /// Whether every streamed voice has `frames` frames decoded (or has ended): a driver that
    /// renders far ahead of the device waits for the decoder rather than play a gap.
    /// Thread: render.
    public func streamsCanRender(frames: Int) -> Bool {
        renderThread.assertOwned("the mixer's render side")
        for i in 0..<maxVoices {
            if case let .stream(stream) = voices[i].kind, !stream.canRender(frames: frames) { return false }
        }
        return true
    }

    /// Wakes the producers of streamed voices that have taken half their ring, so a feeder
    /// rests until it is needed instead of looking on a timer.
    /// Thread: render, between bursts of blocks, never inside one.
    public func wakeStreamProducers() {
        renderThread.assertOwned("the mixer's render side")
        for i in 0..<maxVoices {
            if case let .stream(stream) = voices[i].kind { stream.wakeProducerIfHalfEmpty() }
        }
    }

    /// Renders `frames` interleaved stereo frames into `output`, starting at `frame`.
    /// Thread: render.
    public func render(into output: UnsafeMutablePointer<Float>, frames: Int) {
        renderThread.assertOwned("the mixer's render side")
        var done = 0
        while done < frames {
            let block = min(frames - done, maxBlockFrames)
            renderBlock(into: output + done * EngineFormat.channels, frames: block)
            done += block
        }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func renderBlock(into output: UnsafeMutablePointer<Float>, frames: Int) {
        receiveCommands()
        var offset = 0
        while offset < frames {
            applyDueCommands(at: frame + offset)
            var end = frames
            if pendingCount > 0 {
                end = min(end, max(offset + 1, pending[0].frame - frame))
            }
            renderSegment(
                into: output + offset * EngineFormat.channels,
                startFrame: frame + offset, frames: end - offset)
            offset = end
        }
        // After the master gain, on the whole block: its state runs on from frame to frame.
        ceiling?.apply(to: output, frames: frames)
        frame += frames
        rings.renderedFrames.store(frame, ordering: .releasing)
    }

    // MARK: Commands

    /// Moves queued commands into the pending list, kept sorted by frame (stable).
    /// Thread: render (the mixer thread live, the caller's offline).
    private func receiveCommands() {
        while pendingCount < pendingCapacity, let command = rings.commands.pop() {
            var index = pendingCount
            while index > 0 && pending[index - 1].frame > command.frame { index -= 1 }
            if index < pendingCount {
                (pending + index + 1).moveInitialize(from: pending + index, count: pendingCount - index)
            }
            (pending + index).initialize(to: command)
            pendingCount += 1
        }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func applyDueCommands(at now: Int) {
        var due = 0
        while due < pendingCount && pending[due].frame <= now { due += 1 }
        if due == 0 { return }
        for i in 0..<due {
            let command = (pending + i).move()
            if command.frame < now {
                report(.commandLate(requested: command.frame, appliedAt: now))
            }
            if case .cancelPending = command.command {
                // The control side sends nothing after a cancel until it hears of it, so every
                // command still pending, in this batch or later, was sent before it.
                let dropped = pendingCount - i - 1
                for j in (i + 1)..<pendingCount { drop((pending + j).move()) }
                pendingCount = 0
                report(.pendingCancelled(frame: now, dropped: dropped))
                return
            }
            apply(command.command, at: now)
        }
        pendingCount -= due
        if pendingCount > 0 {
            pending.moveInitialize(from: pending + due, count: pendingCount)
        }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func drop(_ command: TimedCommand) {
        if case let .play(_, source, _, _, _, _) = command.command { retire(source) }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func apply(_ command: MixerCommand, at now: Int) {
        switch command {
        case let .play(id, source, bus, gain, fadeFrames, curve):
            guard let slot = freeSlot() else {
                report(.voiceDropped(id))
                retire(source)
                return
            }
            let voice = voices + slot
            voice.pointee.id = id
            voice.pointee.bus = bus.rawValue
            voice.pointee.position = 0
            voice.pointee.stopsAfterRamp = false
            if fadeFrames > 0 {
                voice.pointee.gain = GainRamp(value: 0)
                voice.pointee.gain.ramp(to: gain, frames: fadeFrames, curve: curve)
            } else {
                voice.pointee.gain = GainRamp(value: gain)
            }
            switch source {
            case let .sample(buffer): voice.pointee.kind = .sample(buffer)
            case let .stream(stream): voice.pointee.kind = .stream(stream)
            case let .noise(color, seed):
                voice.pointee.noise = NoiseGenerator(color: color, seed: seed, sampleRate: format.sampleRate)
                voice.pointee.kind = .noise
            }
        case let .setVoiceGain(id, gain, frames, curve):
            if let slot = slot(of: id) {
                voices[slot].gain.ramp(to: gain, frames: frames, curve: curve)
            }
        case let .stop(id, fadeFrames, curve):
            if let slot = slot(of: id) {
                if fadeFrames > 0 {
                    voices[slot].gain.ramp(to: 0, frames: fadeFrames, curve: curve)
                    voices[slot].stopsAfterRamp = true
                } else {
                    end(slot, at: now)
                }
            }
        case let .setBusGain(bus, gain, frames, curve):
            busGains[bus.rawValue].ramp(to: gain, frames: frames, curve: curve)
        case let .setMasterGain(gain, frames, curve):
            masterGain.ramp(to: gain, frames: frames, curve: curve)
        case .cancelPending:
            break
        }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func freeSlot() -> Int? {
        for i in 0..<maxVoices where !voices[i].isActive { return i }
        return nil
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func slot(of id: VoiceID) -> Int? {
        for i in 0..<maxVoices where voices[i].isActive && voices[i].id == id { return i }
        return nil
    }

    // MARK: Rendering

    /// Thread: render (the mixer thread live, the caller's offline).
    private func renderSegment(into output: UnsafeMutablePointer<Float>, startFrame: Int, frames: Int) {
        let stride = maxBlockFrames * EngineFormat.channels
        let busesMixedApart = clearBusesMixedApart(samples: frames * EngineFormat.channels)
        let writtenDirectly = startOutput(output, frames: frames, busesMixedApart: busesMixedApart)
        for i in 0..<maxVoices where voices[i].isActive {
            let bus = voices[i].bus
            let busBuffer = busesMixedApart & (1 << bus) != 0 ? busBuffers + bus * stride : output
            mixVoice(i, into: busBuffer, startFrame: startFrame, frames: frames, writtenDirectly: i == writtenDirectly)
        }
        for bus in 0..<busCount {
            if busesMixedApart & (1 << bus) != 0 {
                busGains[bus].accumulate(busBuffers + bus * stride, into: output, frames: frames)
            } else {
                busGains[bus].skip(frames)
            }
        }
        masterGain.apply(to: output, frames: frames)
    }

    /// The buses whose voices are mixed apart (a bit each), their buffers cleared for `samples`.
    /// A bus at a steady gain of 1 adds nothing: its voices mix straight into the output, which
    /// saves clearing its buffer and a pass over it (most of the time, every bus).
    ///
    /// Thread: render (the mixer thread live, the caller's offline).
    private func clearBusesMixedApart(samples: Int) -> Int {
        let stride = maxBlockFrames * EngineFormat.channels
        var busesInUse = 0
        for i in 0..<maxVoices where voices[i].isActive { busesInUse |= 1 << voices[i].bus }
        var busesMixedApart = 0
        for bus in 0..<busCount where busesInUse & (1 << bus) != 0 {
            if busGains[bus].isRamping || busGains[bus].target != 1 {
                busesMixedApart |= 1 << bus
                (busBuffers + bus * stride).update(repeating: 0, count: samples)
            }
        }
        return busesMixedApart
    }

    /// Begins the output: a noise bed plays through the whole sit, so the first noise voice that
    /// mixes straight into the output is written there at its volume, which saves clearing the
    /// output, a pass through the scratch buffer, and (at a steady volume) a pass to scale it.
    /// Else the output is cleared. The slot of the voice written, or -1.
    ///
    /// Thread: render (the mixer thread live, the caller's offline).
    private func startOutput(_ output: UnsafeMutablePointer<Float>, frames: Int, busesMixedApart: Int) -> Int {
        for i in 0..<maxVoices where voices[i].isActive && busesMixedApart & (1 << voices[i].bus) == 0 {
            guard case .noise = voices[i].kind else { continue }
            let voice = voices + i
            if voice.pointee.gain.isRamping {
                voice.pointee.noise.fill(output, frames: frames, scratch: noiseScratch)
                voice.pointee.gain.apply(to: output, frames: frames)
            } else {
                voice.pointee.noise.fill(output, frames: frames, gain: voice.pointee.gain.target, scratch: noiseScratch)
            }
            return i
        }
        output.update(repeating: 0, count: frames * EngineFormat.channels)
        return -1
    }

    /// Adds `frames` of the voice in slot `i` into `busBuffer` (a noise voice `writtenDirectly`
    /// is already in the output), and ends it where its sound or its closing ramp ends.
    ///
    /// Thread: render (the mixer thread live, the caller's offline).
    private func mixVoice(
        _ i: Int, into busBuffer: UnsafeMutablePointer<Float>, startFrame: Int, frames: Int, writtenDirectly: Bool
    ) {
        let voice = voices + i
        switch voice.pointee.kind {
        case .idle:
            break
        case let .sample(buffer):
            let count = min(frames, buffer.frameCount - voice.pointee.position)
            let first = voice.pointee.position * EngineFormat.channels
            switch buffer.storage {
            case let .float32(samples):
                if let base = samples.baseAddress {
                    voice.pointee.gain.accumulate(base + first, into: busBuffer, frames: count)
                }
            case let .int16(samples):
                if let base = samples.baseAddress {
                    voice.pointee.gain.accumulate(int16: base + first, into: busBuffer, frames: count)
                }
            }
            voice.pointee.position += count
            if voice.pointee.position >= buffer.frameCount {
                end(i, at: startFrame + count)
                return
            }
        case let .stream(stream):
            let (read, ended) = stream.render(into: scratch, frames: frames)
            voice.pointee.gain.accumulate(scratch, into: busBuffer, frames: frames)
            if ended {
                end(i, at: startFrame + read)
                return
            }
        case .noise:
            if !writtenDirectly {
                voice.pointee.noise.fill(scratch, frames: frames, scratch: noiseScratch)
                voice.pointee.gain.accumulate(scratch, into: busBuffer, frames: frames)
            }
        }
        if voice.pointee.stopsAfterRamp && !voice.pointee.gain.isRamping {
            end(i, at: startFrame + frames)
        }
    }

    /// Ends a voice: its buffer or stream goes back to the control side to be freed there.
    /// Thread: render (the mixer thread live, the caller's offline).
    private func end(_ slot: Int, at endFrame: Int) {
        let voice = voices + slot
        let finished = voice.pointee.kind
        voice.pointee.kind = .idle
        report(.voiceEnded(voice.pointee.id, frame: endFrame))
        switch finished {
        case let .sample(buffer): retireObject(.sample(buffer))
        case let .stream(stream): retireObject(.stream(stream))
        case .idle, .noise: break
        }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func retire(_ source: VoiceSource) {
        switch source {
        case let .sample(buffer): retireObject(.sample(buffer))
        case let .stream(stream): retireObject(.stream(stream))
        case .noise: break
        }
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func retireObject(_ object: RetiredObject) {
        // With the ring full the reference is dropped here; the control side holds its own
        // reference to every sound it schedules, so this is a release, not a free.
        _ = rings.retired.push(object)
    }

    /// Thread: render (the mixer thread live, the caller's offline).
    private func report(_ event: MixerEvent) {
        if !rings.events.push(event) {
            rings.droppedEvents.add(1, ordering: .relaxed)
        }
    }
}
