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
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw .notAudio(path: path)
        }
        guard info.frames > 0 else {
            sf_close(file)
            throw .empty(path: path)
        }
        self.file = file
        sourceFormat = SourceFormat(sampleRate: Int(info.samplerate), channels: Int(info.channels))
        frameCount = Int(info.frames)
        func tag(_ kind: Int32) -> String? {
            sf_get_string(file, kind).map { String(cString: $0) }?.nonBlank
        }
        let strings = AudioMetadata(title: tag(Int32(SF_STR_TITLE)), artist: tag(Int32(SF_STR_ARTIST)),
                                    album: tag(Int32(SF_STR_ALBUM)), genre: tag(Int32(SF_STR_GENRE)),
                                    comment: tag(Int32(SF_STR_COMMENT)))
        // A WAV's LIST/INFO strings first; an ID3 chunk fills what they lack.
        metadata = ChunkID3Reader.metadata(path: path).map(strings.filling(from:)) ?? strings
    }

    deinit { sf_close(file) }

    public func read(into buffer: UnsafeMutablePointer<Float>, maxFrames: Int) throws(DecoderError) -> Int {
        let got = sf_readf_float(file, buffer, sf_count_t(maxFrames))
        if got < 0 || (got == 0 && sf_error(file) != 0) {
            throw .decodeFailed(path: path, reason: String(cString: sf_strerror(file)))
        }
        return Int(got)
    }

    public func seek(toFrame frame: Int) throws(DecoderError) {
        if sf_seek(file, sf_count_t(frame), SEEK_SET) < 0 {
            throw .decodeFailed(path: path, reason: "seek: " + String(cString: sf_strerror(file)))
        }
    }
}
