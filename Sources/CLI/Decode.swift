import ArgumentParser
import Decoders
import Foundation

/// `meditate decode`: decode and resample a file to the engine format, discarding the audio.
/// Measures the decoder path on its own (used by `make bench`); hidden from the help.
struct Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a file to the engine format and discard it (for benchmarks).",
        shouldDisplay: false
    )

    @Argument(help: "An audio file.")
    var file: String

    @Option(help: "Engine sample rate in Hz.")
    var sampleRate = 48_000

    func run() throws {
        let reader = try EngineFormatReader(path: file, engineRate: sampleRate)
        let chunk = 16_384
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: chunk * 2)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let got = try reader.read(into: buffer, maxFrames: chunk)
            if got == 0 { break }
            total += got
        }
        print("\(total) frames at \(sampleRate) Hz")
    }
}
