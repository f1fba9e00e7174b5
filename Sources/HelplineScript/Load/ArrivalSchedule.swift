import Foundation

/// When new chats arrive in an open-model run (`--rate`, `--ramp`): a piecewise-linear rate over time.
///
/// Arrival `i` (0-based) starts when the rate's integral since the start reaches `i`, so a constant
/// 20/s for 2 s starts chats at 0, 0.05 s, …, 1.95 s: exactly 40, however loaded the machine is.
public struct ArrivalSchedule: Sendable, Hashable {
    /// One point of the ramp: from `at` on, the rate moves linearly toward the next point's rate.
    public struct Point: Sendable, Hashable {
        /// Time since the start of the run.
        public var at: Duration
        /// New chats per second at that time.
        public var perSecond: Double

        /// Creates a point.
        public init(at: Duration, perSecond: Double) {
            self.at = at
            self.perSecond = perSecond
        }
    }

    /// The ramp's points, the first at zero, in time order; after the last the rate holds.
    public private(set) var points: [Point]
    /// No chat arrives at or after this time.
    public private(set) var duration: Duration

    /// A constant rate for `duration`.
    public init(perSecond: Double, duration: Duration) {
        points = [Point(at: .zero, perSecond: perSecond)]
        self.duration = duration
    }

    /// A ramp; the run lasts until the last point, or `duration` when that is later.
    public init(ramp: [Point], duration: Duration? = nil) {
        points = ramp
        self.duration = Swift.max(duration ?? .zero, ramp.last?.at ?? .zero)
    }

    /// The same shape with every rate multiplied by `factor`.
    public func scaled(by factor: Double) -> ArrivalSchedule {
        var copy = self
        copy.points = points.map { Point(at: $0.at, perSecond: $0.perSecond * factor) }
        return copy
    }

    /// The rate at time `t` (new chats per second).
    public func rate(at t: Duration) -> Double {
        guard let last = points.last else { return 0 }
        for (left, right) in zip(points, points.dropFirst()) where t < right.at {
            let span = Self.seconds(right.at - left.at)
            let into = Self.seconds(t - left.at)
            return left.perSecond + (right.perSecond - left.perSecond) * into / span
        }
        return last.perSecond
    }

    /// The rate's integral over the run: about how many chats arrive (cheap, for limits).
    public var expectedArrivals: Double {
        var total = 0.0
        for (left, right) in zip(points, points.dropFirst()) where left.at < duration {
            let end = Swift.min(right.at, duration)
            let span = Self.seconds(end - left.at)
            total += (left.perSecond + rate(at: end)) / 2 * span
        }
        if let last = points.last, last.at < duration { total += last.perSecond * Self.seconds(duration - last.at) }
        return total
    }

    /// How many chats arrive in `[0, duration)`.
    public var totalArrivals: Int {
        var count = 0
        while arrival(count) != nil { count += 1 }
        return count
    }

    /// When arrival `index` (0-based) happens, or `nil` when it falls at or after ``duration``.
    public func arrival(_ index: Int) -> Duration? {
        let target = Double(index)
        var before = 0.0  // arrivals owed at the start of the segment
        let segments = Array(zip(points, points.dropFirst()))
        for (left, right) in segments {
            let span = Self.seconds(right.at - left.at)
            let slope = (right.perSecond - left.perSecond) / span
            let inSegment = left.perSecond * span + slope * span * span / 2
            if before + inSegment > target || (before + inSegment == target && index == 0) {
                guard let into = Self.solve(owed: target - before, rate: left.perSecond, slope: slope) else { return nil }
                return within(left.at + .seconds(Swift.min(into, span)))
            }
            before += inSegment
        }
        guard let last = points.last, last.perSecond > 0 else { return nil }
        return within(last.at + .seconds((target - before) / last.perSecond))
    }

    private func within(_ time: Duration) -> Duration? {
        time < duration ? time : nil
    }

    /// The time into a segment at which `owed` arrivals have accumulated.
    private static func solve(owed: Double, rate: Double, slope: Double) -> Double? {
        if owed <= 0 { return 0 }
        if abs(slope) < 1e-12 { return rate > 0 ? owed / rate : nil }
        let discriminant = rate * rate + 2 * slope * owed
        guard discriminant >= 0 else { return nil }
        return (-rate + discriminant.squareRoot()) / slope
    }

    /// Seconds in a duration, as a double.
    static func seconds(_ duration: Duration) -> Double {
        let (whole, atto) = duration.components
        return Double(whole) + Double(atto) / 1e18
    }
}
