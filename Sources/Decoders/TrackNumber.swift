/// A file's track number from its tags, read without decoding it: an MP3's leading ID3 tag, a
/// WAV's or AIFF's ID3 chunk, or what libsndfile reads (FLAC's and Ogg's TRACKNUMBER).
public enum TrackNumber {
    public static func of(path: String) -> Int? {
        if let tag = ID3TagText.leadingTag(path: path) { return ID3TagText.metadata(tag: tag)?.trackNumber }
        if let chunk = ChunkID3Reader.metadata(path: path)?.trackNumber { return chunk }
        guard !path.lowercased().hasSuffix(".mp3"), let decoder = try? SndFileDecoder(path: path) else { return nil }
        return decoder.metadata.trackNumber
    }
}
