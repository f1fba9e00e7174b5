/// What `helpline serve` prints about its own load, in words.
public enum ServeLoadText {
    /// The line for a change: when the emulator becomes saturated, and when it keeps up again.
    public static func line(_ change: ServerLoadGuard.Change) -> String {
        switch change {
        case .began(let episode):
            "⚠ SATURATED: this emulator is the limit from second \(episode.firstSecond) (\(episode.figures)): "
                + "replies and requests wait for it, so a load test on it measures this machine, not the flow."
        case .ended(let episode):
            "the emulator keeps up again after \(episode.seconds) s saturated (\(episode.figures))."
        }
    }

    /// The line at the end of a run in which the emulator was ever saturated.
    public static func total(_ total: ServerSaturation) -> String {
        "⚠ this emulator was saturated for \(total.seconds) s in all, from second \(total.firstSecond) (\(total.figures)): "
            + "run it on its own machine, or drive it with fewer chats at once."
    }
}
