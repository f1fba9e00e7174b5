import Foundation

// Shared by every fuzz target (compiled into each harness by scripts/fuzz.sh; not part of Package.swift).

/// Stops the run with a message when an invariant does not hold, so libFuzzer saves the input as a crash.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("\nINVARIANT VIOLATED at \(file):\(line): \(message())\n".utf8))
    abort()
}

/// Reads typed values off the front of one fuzz input; reading past the end yields zeros.
struct FuzzInput {
    /// The whole input.
    let bytes: [UInt8]
    /// Offset of the next unread byte.
    private(set) var position = 0

    /// Wraps the bytes libFuzzer hands to `LLVMFuzzerTestOneInput`.
    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        if let data, size > 0 {
            bytes = Array(UnsafeBufferPointer(start: data, count: size))
        } else {
            bytes = []
        }
    }

    /// True once every byte was read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte (0 at the end).
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A value in `range` taken from the next byte.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.upperBound - range.lowerBound + 1)
    }

    /// The bytes not read yet, consuming them.
    mutating func rest() -> ArraySlice<UInt8> {
        defer { position = bytes.count }
        return bytes[min(position, bytes.count)...]
    }

    /// The bytes not read yet as text (invalid UTF-8 repaired, as a socket or file reader does).
    mutating func restString() -> String {
        String(decoding: rest(), as: UTF8.self)
    }
}

extension ArraySlice<UInt8> {
    /// Splits at every `separator` byte, keeping empty pieces, into at most `limit` pieces.
    func pieces(separator: UInt8, limit: Int) -> [ArraySlice<UInt8>] {
        split(separator: separator, maxSplits: limit - 1, omittingEmptySubsequences: false)
    }
}

/// A fixed instant for targets that need a clock (2025-06-12T14:00:00Z).
let fuzzNow = Date(timeIntervalSince1970: 1_749_736_800)
