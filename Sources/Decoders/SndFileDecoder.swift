import CSndFile

/// WAV (8/16/24/32-bit integer and float), FLAC, Ogg Vorbis, AIFF and the rest of what
/// libsndfile reads, as normalised Float32.
public final class SndFileDecoder: AudioDecoder {
    public let path: String
    public let sourceFormat: SourceFormat
    public let frameCount: Int
    public let metadata: AudioMetadata
    private let file: OpaquePointer

    public init(path: String) throws(DecoderError) {
        self.path = path
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .notAudio(path: path)
        }
        guard SourceFormat.channelRange.contains(Int(info.channels)),
            SourceFormat.sampleRateRange.contains(Int(info.samplerate))
        else {
            sf_close(file)
            throw .notAudio(path: path)
        }
        guard info.frames > 0 else {
            sf_close(file)
            throw .empty(path: path)
        }
        self.file = file
        sourceFormat = SourceFormat(sampleRate: Int(info.samplerate), channels: Int(info.channels))
        let claimed = Int(info.frames)
        if claimed <= sourceFormat.maxFrames {
            frameCount = claimed
        } else {
            // An Ogg with a tag after its last page, or cut short, makes libsndfile report a
            // length of centuries: count what the file holds instead of trusting the claim.
            switch Self.countFrames(file, limit: sourceFormat.maxFrames) {
            case let .some(counted) where counted > 0:
                frameCount = counted
            case .some:
                sf_close(file)
                throw .empty(path: path)
            case .none:
                sf_close(file)
                throw .notAudio(path: path)
            }
        }
        func tag(_ kind: Int32) -> String? {
            sf_get_string(file, kind).map { String(cString: $0) }?.nonBlank
        }
        let strings = AudioMetadata(
            title: tag(Int32(SF_STR_TITLE)), artist: tag(Int32(SF_STR_ARTIST)),
            album: tag(Int32(SF_STR_ALBUM)), genre: tag(Int32(SF_STR_GENRE)),
            comment: tag(Int32(SF_STR_COMMENT)), trackNumber: AudioMetadata.trackNumber(tag(Int32(SF_STR_TRACKNUMBER))))
        // A WAV's LIST/INFO strings first; an ID3 chunk fills what they lack.
        metadata = ChunkID3Reader.metadata(path: path).map(strings.filling(from:)) ?? strings
    }

    deinit { sf_close(file) }

    /// The frames `file` decodes to, read from its start and left there again; nil when it holds
    /// more than `limit` or cannot be read and rewound.
    private static func countFrames(_ file: OpaquePointer, limit: Int) -> Int? {
        let chunk = 4096
        var sink = [Float](repeating: 0, count: chunk * SourceFormat.channelRange.upperBound)
        var total = 0
        while total <= limit {
            let got = sink.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, sf_count_t(chunk)) }
            if got <= 0 { break }
            total += Int(got)
        }
        guard total <= limit, sf_seek(file, 0, SEEK_SET) == 0 else { return nil }
        return total
    }

    public func read(into buffer: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int {
        let got = sf_readf_float(file, buffer, sf_count_t(maxFrames))
        if got < 0 || (got == 0 && sf_error(file) != 0) {
            throw .decodeFailed(path: path, reason: DecoderReason.plain(String(cString: sf_strerror(file))))
        }
        return Int(got)
    }

    public func seek(toFrame frame: Int) throws(DecoderError) {
        if sf_seek(file, sf_count_t(frame), SEEK_SET) < 0 {
            throw .decodeFailed(path: path, reason: "seek: " + DecoderReason.plain(String(cString: sf_strerror(file))))
        }
    }
}
