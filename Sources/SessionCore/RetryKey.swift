/// Names the pause before one operation is tried again (``TimerKey/operation(_:)``): the purpose of
/// the call, as the core tracks it, so a retry is found by what it is for, not by a name in words.
public struct RetryKey: Hashable, Sendable, CustomStringConvertible {
    /// What the call was for.
    let purpose: SessionCore.Purpose

    /// The key of the retry of a call made for `purpose`.
    init(_ purpose: SessionCore.Purpose) { self.purpose = purpose }

    /// The purpose in words, for logs and traces.
    public var description: String { "\(purpose)" }
}
