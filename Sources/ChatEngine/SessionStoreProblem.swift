import Foundation

/// Why the session store cannot keep a chat for resume: the path it could not write and the
/// system's error number for it.
public struct SessionStoreProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder or file that could not be made or written.
    public var path: String
    /// The `errno` of the call that failed.
    public var code: Int32

    /// A problem with `path`, from `code` (an `errno`).
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The path and the system's words for the error.
    public var description: String { "\(path): \(String(cString: strerror(code)))" }

    /// The one notice a chat gives about it: what is lost, and why.
    public var notice: String {
        "Resume is off: cannot write \(description). If Helpline stops unexpectedly, this chat and its unsent messages cannot be resumed."
    }
}
