import Foundation
import SessionCore

/// Why a load option (`--rate`, `--ramp`, `--duration`, `--shard`, `--threshold`) was refused.
public struct LoadOptionError: Error, CustomStringConvertible, Equatable {
    /// The one-line explanation shown to the user.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}

/// Parses the text forms of load options: rates (`10/s`, `600/m`), durations (`90s`, `1m30s`,
/// `250ms`), ramps (`0:10/s,60s:100/s`) and shards (`2/4`).
public enum LoadOptionParsing {
    /// New chats per second from `N/s`, `N/m`, `N/h` or a bare `N` (per second); must be above 0.
    public static func rate(_ text: String, option: String = "--rate") throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let value = Double(parts[0]), value.isFinite, value >= 0 else {
            throw LoadOptionError("\(option): '\(text)' is not a rate; write it like 10/s or 600/m")
        }
        let perUnit: Double
        switch parts.count == 2 ? parts[1].lowercased() : "s" {
        case "s", "sec", "second": perUnit = 1
        case "m", "min", "minute": perUnit = 60
        case "h", "hour": perUnit = 3600
        default: throw LoadOptionError("\(option): '\(text)' has an unknown unit; use /s, /m or /h")
        }
        let perSecond = value / perUnit
        guard perSecond <= 10_000 else { throw LoadOptionError("\(option): \(text) is more than 10000 new chats per second") }
        return perSecond
    }

    /// A duration such as `90s`, `1m30s`, `250ms`, `2h` or a bare number of seconds.
    public static func duration(_ text: String, option: String = "--duration") throws -> Duration {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let seconds = Double(trimmed), seconds.isFinite, seconds >= 0 { return try checked(seconds, text, option) }
        var total = 0.0
        var number = ""
        var rest = Substring(trimmed)
        var sawUnit = false
        while let first = rest.first {
            if first.isNumber || first == "." {
                number.append(first)
                rest = rest.dropFirst()
                continue
            }
            let unit = rest.prefix { $0.isLetter || $0 == "µ" }
            rest = rest.dropFirst(unit.count)
            guard let value = Double(number), let scale = unitScale[String(unit)] else {
                throw LoadOptionError("\(option): '\(text)' is not a duration; write it like 90s, 1m30s or 250ms")
            }
            total += value * scale
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty, total.isFinite else {
            throw LoadOptionError("\(option): '\(text)' is not a duration; write it like 90s, 1m30s or 250ms")
        }
        return try checked(total, text, option)
    }

    /// The longest duration an option takes (longer ones are refused before any conversion).
    public static let longestDuration: Duration = .seconds(366 * 86_400)

    private static func checked(_ seconds: Double, _ text: String, _ option: String) throws -> Duration {
        guard let duration = OutsideNumbers.duration(seconds: seconds, atMost: longestDuration) else {
            throw LoadOptionError("\(option): '\(text)' is longer than a year")
        }
        return duration
    }

    private static let unitScale: [String: Double] = [
        "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1, "m": 60, "min": 60, "h": 3600,
    ]

    /// A ramp: comma-separated `time:rate` points, the first at 0, times increasing.
    public static func ramp(_ text: String) throws -> [ArrivalSchedule.Point] {
        var points: [ArrivalSchedule.Point] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let halves = piece.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2 else {
                throw LoadOptionError("--ramp: '\(piece)' is not a point; write points like 0:10/s,60s:100/s")
            }
            let at = try duration(String(halves[0]), option: "--ramp")
            let perSecond = try rate(String(halves[1]), option: "--ramp")
            if let previous = points.last, at <= previous.at {
                throw LoadOptionError("--ramp: the times must increase ('\(piece)' comes after \(halves[0]))")
            }
            if points.isEmpty, at != .zero { throw LoadOptionError("--ramp: the first point must be at 0, like 0:10/s") }
            points.append(ArrivalSchedule.Point(at: at, perSecond: perSecond))
        }
        guard points.count >= 2 else { throw LoadOptionError("--ramp: give at least two points, like 0:10/s,60s:100/s") }
        guard points.contains(where: { $0.perSecond > 0 }) else { throw LoadOptionError("--ramp: every rate is 0; no chat would start") }
        return points
    }

    /// A shard `K/N` (1 ≤ K ≤ N ≤ 1000).
    public static func shard(_ text: String) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw LoadOptionError("--shard: '\(text)' is not a shard; write K/N, like 2/4 for the second of four")
        }
        guard (1...1000).contains(count), (1...count).contains(index) else {
            throw LoadOptionError("--shard: \(text) does not exist; K must be between 1 and N (N at most 1000)")
        }
        return Shard(index: index, count: count)
    }
}

/// One slice of a run spread over several machines (`--shard K/N`).
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which slice, 1-based.
    public var index: Int
    /// How many slices.
    public var count: Int

    /// Creates a shard.
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The whole run, unsliced.
    public static let whole = Shard(index: 1, count: 1)

    /// True when the run's `n`-th chat (0-based) belongs to this slice: every N-th, so each slice
    /// keeps the whole run's mix of scripts and its arrival times.
    public func owns(_ n: Int) -> Bool { n % count == index - 1 }

    /// This slice's part of a total (concurrency): the parts add up to `total`, none under 1.
    public func share(of total: Int) -> Int {
        Swift.max(total / count + (index <= total % count ? 1 : 0), 1)
    }

    /// `2/4`.
    public var description: String { "\(index)/\(count)" }
}
