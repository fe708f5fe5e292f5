import Foundation
import Mixer
import Rings
import Testing

@Suite("The render side's thread, checked", .enabled(if: ThreadOwner.isChecking))
struct RenderThreadCheckTests {
    @Test("a renderer rendered by a second thread after the first stops the program")
    func secondRenderThreadStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            // Given a renderer this thread has rendered with
            let (_, renderer) = MixerFactory.make(format: .standard)
            var block = [Float](repeating: 0, count: 256)
            block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 128) }
            // When another thread renders the next block
            let done = DispatchSemaphore(value: 0)
            let other = Thread {
                var block = [Float](repeating: 0, count: 256)
                block.withUnsafeMutableBufferPointer { renderer.render(into: $0.baseAddress!, frames: 128) }
                done.signal()
            }
            other.start()
            done.wait()
        }
    }
}
