/// A growable UTF-8 byte buffer that becomes a `String` at the end (much cheaper than many small String appends).
struct ByteOutput {
    private var bytes: [UInt8] = []

    /// Creates a buffer with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one byte.
    @inline(__always)
    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends the UTF-8 of `text`.
    @inline(__always)
    mutating func text(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) {
            return done
        }
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends raw bytes.
    @inline(__always)
    mutating func bytes(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// The bytes written so far.
    var contents: [UInt8] { bytes }

    /// Appends `ESC [ 0 m`.
    mutating func reset() {
        bytes.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D])
    }

    /// Appends a non-negative number in decimal.
    @inline(__always)
    mutating func number(_ value: Int) {
        if value >= 100 { bytes.append(UInt8(48 + value / 100 % 10)) }
        if value >= 10 { bytes.append(UInt8(48 + value / 10 % 10)) }
        bytes.append(UInt8(48 + value % 10))
    }

    /// The bytes as a string.
    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
