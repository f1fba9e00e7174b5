import ChatModel
import Foundation
import Synchronization

/// Writes lines to stdout and stderr with `write(2)`, never trapping: Foundation's
/// `FileHandle.write(_:)` stops the process on any error, and a closed pipe (`| head -1`) or a full
/// disk (`> /dev/full`) is ordinary. A failed write is dropped; once stdout is a closed pipe,
/// ``stdoutClosed`` says so, so a front end can end the chat and the process can exit quietly.
///
/// The process ignores SIGPIPE (``ignoreBrokenPipeSignal()``), so a closed pipe is an `EPIPE` here.
public enum StandardStreams {
    private static let closed = Mutex(false)
    private static let failure = Mutex<String?>(nil)

    /// True once a write to stdout failed because nobody reads it any more (`EPIPE`).
    public static var stdoutClosed: Bool { closed.withLock { $0 } }

    /// Why writing to stdout failed otherwise (a full disk), once it did: said once on stderr when
    /// it happens, and the process should not exit 0 after losing output.
    public static var stdoutFailure: String? { failure.withLock { $0 } }

    /// The exit status of a filter whose output pipe closed (128 + SIGPIPE), as the shell reports it.
    public static let brokenPipeExitStatus: Int32 = 128 + SIGPIPE

    /// Writes `line` and a newline to stdout; false when it could not be written.
    @discardableResult
    public static func out(_ line: String) -> Bool {
        let error = write(line + "\n", to: STDOUT_FILENO)
        if error == EPIPE {
            closed.withLock { $0 = true }
        } else if error != 0 {
            let reason = String(cString: strerror(error))
            let first = failure.withLock { current -> Bool in
                defer { if current == nil { current = reason } }
                return current == nil
            }
            if first { err("helpline: cannot write to stdout: \(reason)") }
        }
        return error == 0
    }

    /// Writes `line` and a newline to stderr; false when it could not be written.
    @discardableResult
    public static func err(_ line: String) -> Bool {
        write(line + "\n", to: STDERR_FILENO) == 0
    }

    /// Writes all of `text` to `descriptor`; 0, or the `errno` of the write that failed.
    public static func write(_ text: String, to descriptor: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { DescriptorWriter.write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process silently
    /// mid-chat (the chat could not be ended then). Child processes get the default back.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}
