import CAllocationCounter
import CPipe
import Foundation
import Testing

@testable import Outputs

/// The Snapcast output against a FIFO in a scratch folder: read by nobody, by a reader that
/// takes nothing (a hung snapserver), or by one that takes a 20 ms chunk every 20 ms, as
/// snapserver does. `SnapcastLiveTests` plays through a real snapserver and its clients.
@Suite("Snapcast output")
struct SnapcastOutputTests {
    let rate = 48_000

    @Test("the frames heard are the frames taken one server buffer earlier, on the line between samples")
    func heardLagsTakenByTheBuffer() {
        // Given a history with a 1 s delay, started at 0 s
        let second = 1_000_000_000
        var history = TakenHistory(delayNanoseconds: second, start: 0)
        // When 48 000 frames are taken each second for 3 s, noted every 10 ms
        for step in 1...300 { history.record(step * 480, at: step * second / 100) }
        // Then nothing is heard before 1 s, and after that what was taken a second before
        #expect(history.heard(at: second / 2) == 0)
        #expect(history.heard(at: second + second / 4) == 12_000)
        #expect(history.heard(at: 2 * second + second / 200) == 48_240)
        #expect(history.heard(at: 3 * second) == 96_000)
        // And once taking stops, what was taken last is heard a second later
        #expect(history.heard(at: 5 * second) == 144_000)
    }

    @Test("a FIFO that nobody reads is refused in one line that names snapserver's source")
    func unreadFIFOIsRefused() throws {
        // Given a FIFO without a reader
        let fifo = try Self.makeFIFO()
        // When it is opened, then it is refused within the probe's time, saying what to configure
        #expect {
            _ = try SnapcastOutput(
                path: fifo, sampleRate: rate, latencyMilliseconds: 100, serverBufferMilliseconds: 1000)
        } throws: { error in
            let line = (error as? OutputError)?.errorDescription ?? ""
            return line.contains("snapserver is not reading it") && line.contains("source = pipe://\(fifo)")
        }
    }

    @Test("a file that is not a FIFO is refused")
    func regularFileIsRefused() throws {
        let path = NSTemporaryDirectory() + "meditate-not-a-fifo-\(getpid())"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { unlink(path) }
        #expect(throws: OutputError.self) {
            _ = try SnapcastOutput(path: path, sampleRate: rate, latencyMilliseconds: 100, serverBufferMilliseconds: 0)
        }
    }

    @Test("a server that stops taking frames loses the output within 3 s, and its FIFO is let go")
    func stalledServerLosesTheOutput() throws {
        // Given an output on a FIFO whose reader takes a first chunk, then nothing
        let fifo = try Self.makeFIFO()
        let reader = ChunkReader(fifo: fifo, chunksToTake: 1)
        defer { reader.stop() }
        let output = try SnapcastOutput(
            path: fifo, sampleRate: rate, latencyMilliseconds: 20, serverBufferMilliseconds: 0)
        // When frames are written until it fails
        let block = [Float](repeating: 0.25, count: 2 * 960)
        let started = Date()
        var lost: OutputError?
        while lost == nil && Date().timeIntervalSince(started) < 10 {
            do {
                _ = try block.withUnsafeBufferPointer { try output.write($0) }
            } catch {
                lost = error as? OutputError
            }
        }
        // Then it is lost, saying why, 2 s after the server's last chunk
        #expect(lost == .deviceLost(reason: "snapserver has taken nothing for 2 s"))
        #expect(Date().timeIntervalSince(started) < 3)
        // And nothing it wrote is left in the FIFO for the server to play if it wakes
        #expect(reader.pendingBytes == 0, "\(reader.pendingBytes) bytes left in the FIFO")
        // And another output opens on the FIFO once the reader takes again
        reader.resume()
        #expect(throws: Never.self) {
            _ = try SnapcastOutput(path: fifo, sampleRate: rate, latencyMilliseconds: 20, serverBufferMilliseconds: 0)
        }
    }

    @Test(
        "writing to snapserver's pace allocates nothing after the first write",
        .enabled(if: allocation_counter_available()))
    func writingDoesNotAllocate() throws {
        // Given an output on a FIFO read at snapserver's pace, with a 1 s server buffer
        let fifo = try Self.makeFIFO()
        let reader = ChunkReader(fifo: fifo, chunksToTake: .max)
        defer { reader.stop() }
        let output = try SnapcastOutput(
            path: fifo, sampleRate: rate, latencyMilliseconds: 100, serverBufferMilliseconds: 1000)
        let block = [Float](repeating: 0.1, count: 2 * 2048)
        _ = try block.withUnsafeBufferPointer { try output.write($0) }
        // When a second's worth of blocks is written, counting this thread's allocations
        allocation_counter_start()
        var unplayed = 0
        for _ in 0..<24 { unplayed = try block.withUnsafeBufferPointer { try output.write($0) } }
        let allocations = allocation_counter_stop()
        // Then none were made; the rooms have heard only what was taken in the first few tens of
        // milliseconds (the rest is in the FIFO or the server's buffer), and nothing ran short
        #expect(allocations == 0)
        #expect(unplayed > 24 * 2048 - rate / 5, "unplayed \(unplayed)")
        #expect(output.underruns == 0)
    }

    static func makeFIFO() throws -> String {
        let folder = NSTemporaryDirectory() + "meditate-snapcast-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/fifo"
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return path
    }
}

/// Reads a FIFO as snapserver does: a 20 ms chunk (3840 bytes at 48 kHz) every 20 ms, up to
/// `chunksToTake`, then holds it open and takes nothing until `resume()`.
final class ChunkReader: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var left: Int
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(fifo: String, chunksToTake: Int) {
        descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
        left = chunksToTake
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 3840)
            while lock.withLock({ running }) {
                if lock.withLock({ left > 0 }) && read(descriptor, &chunk, chunk.count) > 0 {
                    lock.withLock { left -= 1 }
                }
                usleep(20_000)
            }
            done.signal()
        }
    }

    func resume() { lock.withLock { left = .max } }

    /// Bytes in the FIFO, not yet read.
    var pendingBytes: Int { Int(meditate_pipe_pending(descriptor)) }

    func stop() {
        lock.withLock { running = false }
        done.wait()
        close(descriptor)
    }
}
