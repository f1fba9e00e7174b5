import Foundation

/// When frames are drawn: at once for a key, otherwise at most ~60 a second, so a burst of engine
/// events (a streamed reply) coalesces into one frame.
package struct FrameClock: Sendable {
    /// Shortest time between two frames that no key asked for.
    package static let interval: TimeInterval = 1.0 / 60.0
    /// When the last frame was drawn.
    package private(set) var lastFrame = Date.distantPast

    /// True when a frame may be drawn now: a key asked for it, or the interval has passed.
    func allows(at now: Date, forKeys: Bool) -> Bool {
        forKeys || now.timeIntervalSince(lastFrame) >= Self.interval
    }

    /// The earliest time the next frame that no key asked for may be drawn.
    package var nextFrame: Date { lastFrame.addingTimeInterval(Self.interval) }

    /// Records a frame drawn at `now`.
    mutating func drew(at now: Date) { lastFrame = now }
}

/// What a program's turn asks for next.
package enum LoopStep: Equatable, Sendable {
    /// Sleep until a key, a post, a resize or the deadline (never, when nil).
    case wait(until: Date?)
    /// Take another turn at once.
    case again
    /// The program is done.
    case finish
}
