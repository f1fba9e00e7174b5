import Foundation

/// Faults the demo server injects on its own, parsed from a spec like `drop-every=20s,rest-fail=0.05`.
public struct DemoFaults: Sendable, Equatable {
    /// Close every socket (code 1001) at this interval.
    public var dropEvery: Duration?
    /// Make `dropEvery` drop connections without a close frame (clients see 1006).
    public var dropAbruptly: Bool
    /// Share (0…1) of Participant REST calls answered with 500/429 before any processing.
    public var restFailureRate: Double
    /// Seed for the REST failure draw, so runs are repeatable.
    public var seed: UInt64
    /// Make every socket half-open (silent, never closed) after this delay.
    public var halfOpenAfter: Duration?
    /// Heal the half-open state again after this long (nil: stays half-open).
    public var halfOpenFor: Duration?
    /// Expire every ConnectionToken at this interval.
    public var expireTokensEvery: Duration?
    /// Refuse every WebSocket upgrade.
    public var refuseUpgrades: Bool
    /// Answer `aws/ping` with `statusCode` 500 (deep-heartbeat failure).
    public var pingFailure: Bool
    /// Answer receipts (SendEvent read/delivered) with 409 ConflictException.
    public var receiptConflict: Bool
    /// Mark every completed attachment REJECTED (pretend malware scan).
    public var rejectAttachments: Bool
    /// Deliver socket frames out of order: each waits a random part of this window.
    public var reorderWindow: Duration?
    /// Make `dropEvery` close PolyAI sockets with this code (e.g. 4001, 4002, 4003) instead of 1001.
    public var polyAICloseCode: UInt16?
    /// Hold every REST response and every socket frame (both ways) this long before it goes on.
    public var latency: Duration?
    /// Add a random 0…this (seeded by `seed`) to each delay; frames of one socket keep their order.
    public var jitter: Duration?
    /// A PolyAI reconnect with a cursor gets only the events after it: no `SESSION_START`, no frame at
    /// all when there is nothing to replay.
    public var polyAIBareReplay: Bool
    /// A PolyAI reconnect's replay comes as one batch over a megabyte (a long session's history; the
    /// spec documents no batch size limit), padded by a field clients do not know.
    public var polyAIBulkyReplay = false

    /// Creates a fault set; the default injects nothing.
    public init(
        dropEvery: Duration? = nil,
        dropAbruptly: Bool = false,
        restFailureRate: Double = 0,
        seed: UInt64 = 1,
        halfOpenAfter: Duration? = nil,
        halfOpenFor: Duration? = nil,
        expireTokensEvery: Duration? = nil,
        refuseUpgrades: Bool = false,
        pingFailure: Bool = false,
        receiptConflict: Bool = false,
        rejectAttachments: Bool = false,
        reorderWindow: Duration? = nil,
        polyAICloseCode: UInt16? = nil,
        latency: Duration? = nil,
        jitter: Duration? = nil,
        polyAIBareReplay: Bool = false
    ) {
        self.dropEvery = dropEvery
        self.dropAbruptly = dropAbruptly
        self.restFailureRate = restFailureRate
        self.seed = seed
        self.halfOpenAfter = halfOpenAfter
        self.halfOpenFor = halfOpenFor
        self.expireTokensEvery = expireTokensEvery
        self.refuseUpgrades = refuseUpgrades
        self.pingFailure = pingFailure
        self.receiptConflict = receiptConflict
        self.rejectAttachments = rejectAttachments
        self.reorderWindow = reorderWindow
        self.polyAICloseCode = polyAICloseCode
        self.latency = latency
        self.jitter = jitter
        self.polyAIBareReplay = polyAIBareReplay
    }

    /// True when no fault is configured.
    public var isEmpty: Bool { self == DemoFaults() }

    /// A fault spec that could not be parsed.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// Human-readable reason naming the offending item.
        public let description: String
    }

    /// Parses a comma-separated spec: `drop-every=20s,drop-abrupt,rest-fail=0.05,seed=7,half-open-after=60s,
    /// half-open-for=10s,expire-tokens-every=5m,reorder=200ms,refuse-upgrades,ping-fail,receipt-conflict,
    /// reject-attachments,polyai-close=4002,polyai-bare-replay,latency=200ms,jitter=50ms`.
    public static func parse(_ spec: String) throws -> DemoFaults {
        var faults = DemoFaults()
        let items = spec.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for item in items where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let key = parts[0].lowercased()
            let value = parts.count > 1 ? parts[1] : nil
            switch key {
            case "drop-every": faults.dropEvery = try duration(value, key)
            case "half-open-after": faults.halfOpenAfter = try duration(value, key)
            case "half-open-for": faults.halfOpenFor = try duration(value, key)
            case "expire-tokens-every": faults.expireTokensEvery = try duration(value, key)
            case "reorder": faults.reorderWindow = try duration(value, key)
            case "latency": faults.latency = try duration(value, key)
            case "jitter": faults.jitter = try duration(value, key)
            case "rest-fail":
                guard let value, let rate = Double(value), rate >= 0, rate <= 1 else {
                    throw ParseError(description: "rest-fail needs a number between 0 and 1, got '\(value ?? "")'")
                }
                faults.restFailureRate = rate
            case "seed":
                guard let value, let seed = UInt64(value) else {
                    throw ParseError(description: "seed needs a whole number, got '\(value ?? "")'")
                }
                faults.seed = seed
            case "polyai-close":
                guard let value, let code = UInt16(value), (1000...4999).contains(code), code != 1005, code != 1006 else {
                    throw ParseError(description: "polyai-close needs a close code between 1000 and 4999 (not 1005/1006), got '\(value ?? "")'")
                }
                faults.polyAICloseCode = code
            case "drop-abrupt": faults.dropAbruptly = try flag(value, key)
            case "refuse-upgrades": faults.refuseUpgrades = try flag(value, key)
            case "ping-fail": faults.pingFailure = try flag(value, key)
            case "receipt-conflict": faults.receiptConflict = try flag(value, key)
            case "reject-attachments": faults.rejectAttachments = try flag(value, key)
            case "polyai-bare-replay": faults.polyAIBareReplay = try flag(value, key)
            case "polyai-bulky-replay": faults.polyAIBulkyReplay = try flag(value, key)
            default:
                throw ParseError(description: "unknown fault '\(key)'")
            }
        }
        return faults
    }

    /// Parses `250ms`, `20s`, `5m`, `1h` or a bare number of seconds.
    static func duration(_ text: String?, _ key: String) throws -> Duration {
        guard let text, !text.isEmpty else {
            throw ParseError(description: "\(key) needs a duration such as 20s")
        }
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = text
        var scale = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = String(text.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let value = Double(number), value > 0, value.isFinite else {
            throw ParseError(description: "\(key) needs a positive duration such as 20s, got '\(text)'")
        }
        // Compared before the conversion: `1e300s` does not fit in an Int64 of milliseconds.
        let milliseconds = (value * scale * 1000).rounded()
        guard milliseconds <= Double(longestDuration.components.seconds) * 1000 else {
            throw ParseError(description: "\(key) is at most 24h, got '\(text)'")
        }
        return .milliseconds(Int64(milliseconds))
    }

    /// The longest duration a fault takes (a day: longer than any demo runs).
    static let longestDuration: Duration = .seconds(86_400)

    /// Parses an optional boolean value of a flag (`ping-fail`, `ping-fail=true`, `ping-fail=off`).
    static func flag(_ text: String?, _ key: String) throws -> Bool {
        switch text?.lowercased() {
        case nil, "true", "on", "1", "yes": return true
        case "false", "off", "0", "no": return false
        default: throw ParseError(description: "\(key) takes no value or true/false")
        }
    }
}
