import Foundation

/// A mergeable latency histogram: counts in log-linear buckets of microseconds (≤ 1.6 % wide), so the
/// percentiles of several runs (or shards) are read from their summed buckets, never from averages.
///
/// Values under 128 µs have a bucket each; above, every power of two is cut into 64 equal buckets.
/// A percentile answers the middle of its bucket, clamped to the exact minimum and maximum.
public struct LatencyHistogram: Sendable, Hashable, Codable {
    /// Samples recorded.
    public private(set) var count: Int = 0
    /// The sum of all samples, in microseconds.
    public private(set) var sumMicros: Int64 = 0
    /// The smallest sample, in microseconds (0 when empty).
    public private(set) var minMicros: Int64 = 0
    /// The largest sample, in microseconds (0 when empty).
    public private(set) var maxMicros: Int64 = 0
    /// Non-empty buckets: bucket index → count.
    public private(set) var buckets: [Int: Int] = [:]

    /// An empty histogram.
    public init() {}

    /// Records one sample (negative durations count as zero).
    public mutating func record(_ duration: Duration) {
        record(micros: Self.micros(duration))
    }

    /// Records one sample given in microseconds.
    public mutating func record(micros value: Int64) {
        let value = max(value, 0)
        minMicros = count == 0 ? value : min(minMicros, value)
        maxMicros = count == 0 ? value : max(maxMicros, value)
        count += 1
        sumMicros += value
        buckets[Self.bucket(of: value), default: 0] += 1
    }

    /// Adds every sample of `other`.
    public mutating func merge(_ other: LatencyHistogram) {
        guard other.count > 0 else { return }
        minMicros = count == 0 ? other.minMicros : min(minMicros, other.minMicros)
        maxMicros = count == 0 ? other.maxMicros : max(maxMicros, other.maxMicros)
        count += other.count
        sumMicros += other.sumMicros
        buckets.merge(other.buckets, uniquingKeysWith: +)
    }

    /// The p-th percentile (0…100) by nearest rank; `nil` when empty.
    public func percentile(_ p: Double) -> Duration? {
        guard count > 0 else { return nil }
        let rank = min(max(Int((p / 100 * Double(count)).rounded(.up)), 1), count)
        var seen = 0
        for index in buckets.keys.sorted() {
            seen += buckets[index] ?? 0
            if seen >= rank {
                let (low, width) = Self.range(ofBucket: index)
                let middle = low + (width - 1) / 2
                return .microseconds(Swift.min(Swift.max(middle, minMicros), maxMicros))
            }
        }
        return .microseconds(maxMicros)
    }

    /// The mean; `nil` when empty.
    public var mean: Duration? { count == 0 ? nil : .microseconds(sumMicros / Int64(count)) }
    /// The smallest sample; `nil` when empty.
    public var minimum: Duration? { count == 0 ? nil : .microseconds(minMicros) }
    /// The largest sample; `nil` when empty.
    public var maximum: Duration? { count == 0 ? nil : .microseconds(maxMicros) }

    /// The buckets in order as (lower bound, upper bound exclusive, count), for charts.
    public var bars: [(from: Duration, to: Duration, count: Int)] {
        buckets.keys.sorted().map { index in
            let (low, width) = Self.range(ofBucket: index)
            return (.microseconds(low), .microseconds(low + width), buckets[index] ?? 0)
        }
    }

    /// Whole microseconds in a duration.
    static func micros(_ duration: Duration) -> Int64 {
        let (seconds, atto) = duration.components
        return seconds * 1_000_000 + atto / 1_000_000_000_000
    }

    /// The bucket a value falls in.
    static func bucket(of value: Int64) -> Int {
        guard value >= 128 else { return Int(value) }
        let exponent = 63 - value.leadingZeroBitCount
        let sub = Int((value >> (exponent - 6)) & 63)
        return 128 + (exponent - 7) * 64 + sub
    }

    /// A bucket's lower bound and width, in microseconds.
    static func range(ofBucket index: Int) -> (low: Int64, width: Int64) {
        guard index >= 128 else { return (Int64(index), 1) }
        let exponent = (index - 128) / 64 + 7
        let sub = Int64((index - 128) % 64)
        let width = Int64(1) << (exponent - 6)
        return ((64 + sub) * width, width)
    }

    private enum CodingKeys: String, CodingKey {
        case count, sumMicros, minMicros, maxMicros, buckets
        // Written for readers of the JSON (CI checks), never read back: the buckets are the truth.
        case p50Ms, p90Ms, p95Ms, p99Ms, meanMs
    }

    /// Decodes the JSON form: buckets as `[[index, count], …]` in index order.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Numbers from a file: each is range-checked here, so that summing the buckets (and merging up to
        // `LoadSummary.mostMerged` summaries) cannot overflow.
        func checked<Value: FixedWidthInteger & Decodable>(_ key: CodingKeys, _ range: ClosedRange<Value>) throws -> Value {
            let value = try container.decode(Value.self, forKey: key)
            guard range.contains(value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
            }
            return value
        }
        count = try checked(.count, 0...LoadSummary.largestCount)
        sumMicros = try checked(.sumMicros, 0...LoadSummary.largestMicros)
        minMicros = try checked(.minMicros, 0...LoadSummary.largestMicros)
        maxMicros = try checked(.maxMicros, 0...LoadSummary.largestMicros)
        let pairs = try container.decode([[Int]].self, forKey: .buckets)
        let lastBucket = Self.bucket(of: LoadSummary.largestMicros)
        var total = 0
        for pair in pairs {
            guard pair.count == 2, (0...lastBucket).contains(pair[0]), (0...LoadSummary.largestCount).contains(pair[1]) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: container,
                    debugDescription: "a bucket is [index, count] with an index up to \(lastBucket) and a count up to 2^48")
            }
            buckets[pair[0], default: 0] += pair[1]
            total += pair[1]
            guard total <= LoadSummary.largestCount else { break }
        }
        guard total == count else {
            throw DecodingError.dataCorruptedError(
                forKey: .buckets, in: container, debugDescription: "the bucket counts do not add up to count")
        }
    }

    /// Encodes the JSON form (buckets in index order, so files diff well).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(sumMicros, forKey: .sumMicros)
        try container.encode(minMicros, forKey: .minMicros)
        try container.encode(maxMicros, forKey: .maxMicros)
        try container.encode(buckets.keys.sorted().map { [$0, buckets[$0] ?? 0] }, forKey: .buckets)
        let figures: [(CodingKeys, Duration?)] = [
            (.p50Ms, percentile(50)), (.p90Ms, percentile(90)), (.p95Ms, percentile(95)), (.p99Ms, percentile(99)), (.meanMs, mean),
        ]
        for (key, value) in figures {
            if let value { try container.encode((Double(Self.micros(value)) / 10).rounded() / 100, forKey: key) }
        }
    }
}
