/// How much a socket may bring: a message over ``largestMessage`` is skipped as it arrives (the
/// socket stays open and the user is told), a single frame over ``largestFrame`` closes the socket
/// (the frame is read whole, so this bounds the memory one frame can take).
public enum SocketLimits {
    /// The largest message Helpline shows (1 MiB); a larger one is skipped.
    public static let largestMessage = 1_048_576

    /// The largest single frame Helpline reads (16 MiB); a larger one closes the socket (1009).
    public static let largestFrame = 16_777_216

    /// ``largestMessage`` in words, as notices name it.
    public static let largestMessageInWords = "1 MiB"
}
