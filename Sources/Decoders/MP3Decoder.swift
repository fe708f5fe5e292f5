import CMPG123
import Foundation

/// MPEG audio through libmpg123: gapless (a LAME-tagged file decodes to exactly its original
/// sample count), float output, exact length from a full scan, ID3v1 and ID3v2.2–2.4 tags.
public final class MP3Decoder: AudioDecoder {
    public let path: String
    public let sourceFormat: SourceFormat
    public let frameCount: Int
    public let metadata: AudioMetadata
    private let handle: OpaquePointer
    /// Samples at the start that are not audio: a VBRI header frame, which libmpg123 decodes as
    /// a frame of silence because it does not know the Fraunhofer header.
    private let headerFrameSamples: Int

    public init(path: String) throws(DecoderError) {
        self.path = path
        var status: Int32 = 0
        guard let handle = mpg123_new(nil, &status) else {
            throw .decodeFailed(path: path, reason: DecoderReason.plain(String(cString: mpg123_plain_strerror(status))))
        }
        self.handle = handle
        do throws(DecoderError) {
            // Gapless is what makes the decoded length exact; quiet keeps libmpg123 off stderr.
            mpg123_param2(
                handle, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_GAPLESS.rawValue | MPG123_QUIET.rawValue), 0)
            Self.acceptFloatOutputOnly(handle)
            var openErrno: Int32 = 0
            guard meditate_mpg123_open_buffered(handle, path, &openErrno) == MPG123_OK.rawValue else {
                let reason = openErrno != 0 ? String(cString: strerror(openErrno)) : Self.lastError(handle)
                throw DecoderError.unreadable(path: path, reason: reason)
            }
            var rate = 0, channels: Int32 = 0, encoding: Int32 = 0
            guard mpg123_getformat(handle, &rate, &channels, &encoding) == MPG123_OK.rawValue,
                rate > 0, channels > 0
            else {
                throw DecoderError.notAudio(path: path)
            }
            sourceFormat = SourceFormat(sampleRate: rate, channels: Int(channels))
            // The Xing/LAME header's promise, before the scan replaces it with what is there.
            let promised = mpg123_length(handle)
            guard mpg123_scan(handle) == MPG123_OK.rawValue else {
                throw DecoderError.decodeFailed(path: path, reason: Self.lastError(handle))
            }
            let scanned = mpg123_length(handle)
            guard scanned > 0 else { throw DecoderError.notAudio(path: path) }
            if Self.hasInfoTag(handle), promised > 0, scanned < promised {
                throw DecoderError.truncated(
                    path: path, shortfall: Shortfall(.samples, promised: promised, held: scanned))
            }
            headerFrameSamples = VBRIHeader.isPresent(path: path) ? Self.samplesPerFrame(handle) : 0
            frameCount = scanned - headerFrameSamples
            guard frameCount > 0 else { throw DecoderError.notAudio(path: path) }
            if headerFrameSamples > 0, mpg123_seek(handle, headerFrameSamples, SEEK_SET) < 0 {
                throw DecoderError.decodeFailed(path: path, reason: "seek: " + Self.lastError(handle))
            }
            // libid3tag's reading of the leading tag first (it keeps every frame of an id),
            // libmpg123's for what it lacks (the genre, the comment, an ID3v1 tag at the end).
            let tags = Self.readTags(handle)
            metadata = ID3TagText.leadingTag(path: path).flatMap(ID3TagText.metadata(tag:))?.filling(from: tags) ?? tags
        } catch {
            mpg123_delete(handle)
            throw error
        }
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
    }

    public func read(into buffer: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int {
        let bytesPerFrame = MemoryLayout<Float>.size * sourceFormat.channels
        var done = 0
        var total = 0
        let raw = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self)
        while total < maxFrames * bytesPerFrame {
            let status = mpg123_read(handle, raw + total, maxFrames * bytesPerFrame - total, &done)
            total += done
            if status == MPG123_DONE.rawValue { break }
            if status == MPG123_NEW_FORMAT.rawValue { continue }
            if status != MPG123_OK.rawValue {
                throw .decodeFailed(path: path, reason: Self.lastError(handle))
            }
        }
        return total / bytesPerFrame
    }

    public func seek(toFrame frame: Int) throws(DecoderError) {
        if mpg123_seek(handle, frame + headerFrameSamples, SEEK_SET) < 0 {
            throw .decodeFailed(path: path, reason: "seek: " + Self.lastError(handle))
        }
    }

    // MARK: libmpg123 details

    /// 1152 for MPEG-1 Layer III, 576 for MPEG-2 and 2.5.
    private static func samplesPerFrame(_ handle: OpaquePointer) -> Int {
        var info = mpg123_frameinfo2()
        guard mpg123_info2(handle, &info) == MPG123_OK.rawValue else { return 1152 }
        return info.version == Int32(MPG123_1_0.rawValue) ? 1152 : 576
    }

    private static func acceptFloatOutputOnly(_ handle: OpaquePointer) {
        mpg123_format_none(handle)
        var rates: UnsafePointer<Int>?
        var count = 0
        mpg123_rates(&rates, &count)
        guard let rates else { return }
        for i in 0..<count {
            mpg123_format(
                handle, rates[i], Int32(MPG123_MONO.rawValue | MPG123_STEREO.rawValue),
                Int32(MPG123_ENC_FLOAT_32.rawValue))
        }
    }

    /// Whether a LAME/Info tag declares the stream's length (libmpg123 then knows the encoder
    /// delay); without one the length before the scan is only an estimate from the file size.
    private static func hasInfoTag(_ handle: OpaquePointer) -> Bool {
        var delay = -1
        var unused = 0.0
        return mpg123_getstate2(handle, Int32(MPG123_ENC_DELAY.rawValue), &delay, &unused) == MPG123_OK.rawValue
            && delay >= 0
    }

    private static func lastError(_ handle: OpaquePointer) -> String {
        DecoderReason.plain(String(cString: mpg123_strerror(handle)))
    }

    private static func readTags(_ handle: OpaquePointer) -> AudioMetadata {
        var v1: UnsafeMutablePointer<mpg123_id3v1>?
        var v2: UnsafeMutablePointer<mpg123_id3v2>?
        guard mpg123_id3(handle, &v1, &v2) == MPG123_OK.rawValue else { return AudioMetadata() }
        var tags = AudioMetadata()
        if let v2 = v2?.pointee {
            tags = AudioMetadata(
                title: text(v2.title), artist: text(v2.artist), album: text(v2.album),
                genre: text(v2.genre).map(ID3Genre.name(for:)),
                comment: text(v2.comment))
        }
        if let v1 = v1?.pointee {
            let genre = v1.genre == 255 ? nil : ID3Genre.name(for: "(\(v1.genre))")
            let fallback = AudioMetadata(
                title: latin1(v1.title), artist: latin1(v1.artist),
                album: latin1(v1.album), genre: genre,
                comment: latin1(v1.comment))
            tags = tags.filling(from: fallback)
        }
        return tags
    }

    private static func text(_ string: UnsafeMutablePointer<mpg123_string>?) -> String? {
        guard let string, let p = string.pointee.p, string.pointee.fill > 0 else { return nil }
        // libmpg123 hands ID3v2 text over as UTF-8 whatever the frame's own encoding was. An
        // ID3v2.4 frame with several values (two artists) separates them with NULs: all are
        // kept, joined with '/' as ID3v2.3 writes them. So are an ID3v2.3 frame's (mutagen
        // writes them): there each UTF-16 value has its own byte-order mark, and libmpg123
        // converts the first one only, leaving the others in the text as U+FEFF.
        let bytes = UnsafeRawBufferPointer(start: p, count: string.pointee.fill)
        let values = bytes.split(separator: 0).compactMap { value in
            String(decoding: value, as: UTF8.self).filter { $0 != "\u{FEFF}" }.nonBlank
        }
        return values.isEmpty ? nil : values.joined(separator: "/")
    }

    private static func latin1<T>(_ field: T) -> String? {
        withUnsafeBytes(of: field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(bytes.map { Character(Unicode.Scalar($0)) }).nonBlank
        }
    }
}
