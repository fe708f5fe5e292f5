/// Objects the render thread is done with, sent back so that their memory is freed elsewhere.
public enum RetiredObject: Sendable {
    case sample(SampleBuffer)
    case stream(StreamSource)
}
