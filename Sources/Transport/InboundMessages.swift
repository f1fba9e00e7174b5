import NIOCore
import SessionCore

/// Joins a socket's data frames into messages, as both socket clients read them. A text message is
/// held only up to `limit` bytes: once its frames pass that, what came is dropped, the rest is
/// counted as it arrives, and the message is reported as oversized by its size when its last frame
/// comes — the socket goes on. Binary messages are counted, never held (Helpline reads only text).
struct InboundMessages {
    /// A data frame's kind.
    enum Opcode: Sendable { case text, binary, continuation }

    /// What a message's last frame completes.
    enum Message: Equatable, Sendable {
        /// A text message within the limit.
        case text(String)
        /// A text message over the limit, skipped; its size in bytes.
        case oversized(bytes: Int)
        /// A binary message (not read).
        case binary
    }

    /// A frame out of order: a continuation with no message begun, or a new message before the last ended.
    struct OutOfOrder: Error, Equatable {}

    private enum State {
        case idle
        case text(ByteBuffer)
        case oversized(bytes: Int)
        case binary
    }

    /// The largest text message held.
    let limit: Int
    private var state = State.idle

    /// Reads messages of at most `limit` bytes (``SocketLimits/largestMessage`` unless a test says).
    init(limit: Int = SocketLimits.largestMessage) { self.limit = limit }

    /// Takes the next data frame; the message it completes, if it is a message's last frame.
    mutating func take(_ opcode: Opcode, fin: Bool, data: ByteBuffer) throws(OutOfOrder) -> Message? {
        switch (opcode, state) {
        case (.text, .idle): state = .text(ByteBuffer())
        case (.binary, .idle): state = .binary
        case (.continuation, .idle), (.text, _), (.binary, _): throw OutOfOrder()
        case (.continuation, _): break
        }
        append(data)
        guard fin else { return nil }
        defer { state = .idle }
        switch state {
        case .text(let buffer): return .text(String(buffer: buffer))
        case .oversized(let bytes): return .oversized(bytes: bytes)
        case .binary, .idle: return .binary
        }
    }

    /// Adds a frame's bytes to the message begun: held while the text stays within the limit, counted beyond.
    private mutating func append(_ data: ByteBuffer) {
        switch state {
        case .text(var buffer):
            let size = buffer.readableBytes + data.readableBytes
            guard size <= limit else {
                state = .oversized(bytes: size)
                return
            }
            state = .idle  // (the buffer is no longer shared while it grows)
            var data = data
            buffer.writeBuffer(&data)
            state = .text(buffer)
        case .oversized(let bytes):
            let (sum, overflow) = bytes.addingReportingOverflow(data.readableBytes)
            state = .oversized(bytes: overflow ? .max : sum)
        case .binary, .idle:
            break
        }
    }
}
