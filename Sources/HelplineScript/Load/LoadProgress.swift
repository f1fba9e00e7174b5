import Foundation

/// A moment of a run in progress, as the live progress line shows it.
public struct LoadProgress: Sendable, Hashable {
    /// Time since the start.
    public var elapsed: Duration
    /// Chats running now.
    public var running: Int
    /// Chats passed so far.
    public var passed: Int
    /// Chats failed so far.
    public var failed: Int
    /// Arrivals dropped at the concurrency cap so far.
    public var dropped: Int
    /// Chats planned for this process.
    public var planned: Int
    /// Chats started in the last whole second.
    public var startsPerSecond: Int
    /// The 95th percentile of reply latency so far.
    public var replyP95: Duration?
    /// The figures while this machine is saturated now; nil while it is not.
    public var saturation: Saturation?

    /// `12 s  running 240  done 1200/6000 (3 failed)  starts 100/s  reply p95 120 ms`.
    public var line: String {
        let seconds = elapsed.components.seconds
        var text = "\(seconds) s  running \(running)  done \(passed + failed)/\(planned)"
        if failed > 0 { text += " (\(failed) failed)" }
        if dropped > 0 { text += "  dropped \(dropped)" }
        text += "  starts \(startsPerSecond)/s"
        if let replyP95 { text += "  reply p95 \(LatencyStats.format(replyP95))" }
        if let saturation {
            text += "  ⚠ THIS MACHINE IS SATURATED (peak CPU \(saturation.peakCPUPercent) %, added p99 \(saturation.peakAddedP99Ms) ms, "
                + "checks up to \(saturation.peakTickLagMs) ms late)"
        }
        return text
    }
}
