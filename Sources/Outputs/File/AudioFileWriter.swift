import CSndFile
import Foundation

/// Writes interleaved stereo Float32 to a WAV file through libsndfile.
///
/// The audio goes to a hidden temporary file beside the destination, which is renamed onto the
/// destination only by `commit()`: a render that fails or is interrupted leaves no file under
/// the destination's name. A file announced (or found) to outgrow WAV's 4 GiB is RF64.
public final class AudioFileWriter {
    public let destination: String
    public let temporaryPath: String
    public let sampleRate: Int
    public let format: SampleFormat
    public private(set) var framesWritten = 0

    private var file: OpaquePointer?
    /// The destination, or the regular file it links to.
    private let renameTarget: String
    private let conversionFrames = 8192
    private let conversion: UnsafeMutablePointer<Int16>

    /// `expectedFrames`, when known, picks a plain WAV header (readable by every tool) for
    /// files under 4 GiB; otherwise RF64 is written and turns itself into WAV if it stays small.
    public init(
        destination: String, sampleRate: Int, format: SampleFormat,
        expectedFrames: Int? = nil
    ) throws(OutputError) {
        guard destination != "-" else { throw .standardOutput }
        self.destination = destination
        self.sampleRate = sampleRate
        self.format = format
        // The render is renamed onto its destination at the end: a link to a regular file is
        // followed so that the file it names is replaced and the link stays; a device, a FIFO or
        // a folder (or a link to one) is refused, as root would otherwise replace /dev/null.
        var target = destination
        var existing = stat()
        if lstat(destination, &existing) == 0 {
            if existing.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(destination, nil) {
                target = String(cString: resolved)
                free(resolved)
                guard stat(target, &existing) == 0 else { throw .notAFile(path: destination) }
            }
            guard existing.st_mode & S_IFMT == S_IFREG else { throw .notAFile(path: destination) }
        }
        renameTarget = target
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        temporaryPath = directory + "/." + url.lastPathComponent + ".\(getpid()).partial"

        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotCreate(path: destination, reason: String(cString: strerror(errno)))
        }
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 2
        let subtype = format == .s16 ? SF_FORMAT_PCM_16 : SF_FORMAT_FLOAT
        let bytesPerFrame = format == .s16 ? 4 : 8
        let fitsInWAV = expectedFrames.map { $0 * bytesPerFrame < 0xFFFF_0000 } ?? false
        info.format = Int32((fitsInWAV ? SF_FORMAT_WAV : SF_FORMAT_RF64) | subtype)
        guard let file = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, 1) else {
            let reason = String(cString: sf_strerror(nil))
            close(descriptor)
            unlink(temporaryPath)
            throw .cannotCreate(path: destination, reason: reason)
        }
        self.file = file
        // No PEAK chunk: it costs a pass over the audio and nobody reads it.
        if !fitsInWAV { sf_command(file, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE)) }
        sf_command(file, Int32(SFC_SET_ADD_PEAK_CHUNK), nil, Int32(SF_FALSE))
        conversion = .allocate(capacity: conversionFrames * 2)
    }

    deinit {
        abandon()
        conversion.deallocate()
    }

    /// Appends interleaved stereo frames.
    public func write(_ samples: UnsafeBufferPointer<Float>) throws(OutputError) {
        guard let file, let base = samples.baseAddress else { return }
        let frames = samples.count / 2
        switch format {
        case .f32:
            if sf_writef_float(file, base, sf_count_t(frames)) != frames { throw failure() }
        case .s16:
            var done = 0
            while done < frames {
                let count = min(conversionFrames, frames - done)
                Int16Conversion.convert(
                    UnsafeBufferPointer(start: base + done * 2, count: count * 2),
                    into: conversion)
                if sf_writef_short(file, conversion, sf_count_t(count)) != count { throw failure() }
                done += count
            }
        }
        framesWritten += frames
    }

    /// Finishes the file and moves it to its destination.
    public func commit() throws(OutputError) {
        guard let file else { return }
        self.file = nil
        if sf_close(file) != 0 {
            unlink(temporaryPath)
            throw .writeFailed(path: destination, reason: "closing the file failed")
        }
        if rename(temporaryPath, renameTarget) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .writeFailed(path: destination, reason: reason)
        }
    }

    /// Gives up: the temporary file is removed and the destination is left as it was.
    public func abandon() {
        guard let file else { return }
        self.file = nil
        sf_close(file)
        unlink(temporaryPath)
    }

    private func failure() -> OutputError {
        .writeFailed(path: destination, reason: file.map { String(cString: sf_strerror($0)) } ?? "closed")
    }
}
