import NIOCore

/// Splits what a client sends into lines (one JSON-RPC message each). A line longer than
/// `maximumLength` bytes is refused before it is buffered further: a client cannot make the
/// service hold more than that for it.
///
/// Thread: its channel's event loop.
struct LineFrameDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    let maximumLength: Int

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        let readable = buffer.readableBytesView
        guard let newline = readable.firstIndex(of: UInt8(ascii: "\n")) else {
            if readable.count > maximumLength { throw LineTooLong(limit: maximumLength) }
            return .needMoreData
        }
        let length = newline - readable.startIndex
        if length > maximumLength { throw LineTooLong(limit: maximumLength) }
        var line = buffer.readString(length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        context.fireChannelRead(Self.wrapInboundOut(line))
        return .continue
    }

    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        // A last line without its newline is still a line.
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0, let rest = buffer.readString(length: buffer.readableBytes) {
            context.fireChannelRead(Self.wrapInboundOut(rest))
        }
        return .needMoreData
    }
}

/// A line over the limit: the connection is answered once and closed.
struct LineTooLong: Error {
    let limit: Int
}
