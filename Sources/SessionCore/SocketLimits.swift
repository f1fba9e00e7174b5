/// How much a socket may bring: a message over ``largestMessage`` is skipped as it arrives (the
/// socket stays open and the user is told), a single frame over ``largestFrame`` closes the socket
/// (the frame is read whole, so this bounds the memory one frame can take).
public enum SocketLimits {
    /// The largest message Helpline shows (1 MiB); a larger one is skipped.
    public static let largestMessage = 1_048_576

    /// The largest single frame Helpline reads (16 MiB); a larger one closes the socket (1009).
    public static let largestFrame = 16_777_216

    /// A limit in words, as notices name it: `1 MiB`, `16 MiB`, `900 KiB`.
    public static func inWords(_ bytes: Int) -> String {
        if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }
}
