import Foundation
import Outputs
import Synthesis

// Writes the bundled sounds: `make-sounds [FOLDER]` (default: Sounds).
let folder = CommandLine.arguments.dropFirst().first ?? "Sounds"
let sampleRate = 48_000
do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for instrument in Instrument.allCases {
        let samples = StruckSynthesizer.render(instrument.model, sampleRate: sampleRate)
        let path = folder + "/" + instrument.rawValue + ".wav"
        let writer = try AudioFileWriter(
            destination: path, sampleRate: sampleRate, format: .s16,
            expectedFrames: samples.count / 2)
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.commit()
        print("\(path): \(samples.count / 2) frames")
    }
} catch {
    // The throwing write: the Data one traps when stderr is gone.
    try? FileHandle.standardError.write(contentsOf: Data("make-sounds: \(error.localizedDescription)\n".utf8))
    exit(1)
}
