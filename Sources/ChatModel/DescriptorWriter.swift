import Foundation

/// Writes a whole buffer to a file descriptor with `write(2)`: short writes go on, `EINTR` is tried
/// again, and a full non-blocking descriptor (a pipe or FIFO whose reader is slow) is waited on.
///
/// ```swift
/// let error = DescriptorWriter.write(Data("hello\n".utf8), to: STDOUT_FILENO)  // 0, or an errno
/// ```
public enum DescriptorWriter {
    /// Writes every byte of `bytes`; returns 0, or the `errno` of the write that failed.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        guard var base = bytes.baseAddress else { return 0 }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(descriptor, base, left)
            if written < 0 {
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN {
                    // Full: wait (at most a second at a time) for the reader to drain it.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, 1000)
                    continue
                }
                return error
            }
            left -= written
            base += written
        }
        return 0
    }

    /// Writes every byte of `data`; returns 0, or the `errno` of the write that failed.
    public static func write(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { write($0, to: descriptor) }
    }
}
