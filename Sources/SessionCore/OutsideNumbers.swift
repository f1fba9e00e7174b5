import Foundation

/// Range checks for numbers that come from outside Helpline — socket frames, REST answers, URLs,
/// flags, configuration and summary files — made where such a number is decoded, so that no later
/// conversion (`Int64(…)`, `UInt16(…)`, `Duration`) or arithmetic on it can trap
/// (docs/robustness.md, "Numbers from outside").
public enum OutsideNumbers {
    /// The TCP ports a URL may name.
    public static let ports = 0...65_535

    /// The port `url` names when it lies outside ``ports`` (nil: no port, a valid one, or not a URL).
    ///
    /// Networking libraries narrow a port to 16 bits and trap on a larger one, so every URL from
    /// outside is checked with this before it is used.
    public static func invalidPort(in url: String) -> Int? {
        guard let port = URLComponents(string: url)?.port ?? URL(string: url)?.port, !ports.contains(port) else { return nil }
        return port
    }

    /// Why `url` cannot be used, naming its port, or nil when its port (if any) is a TCP port.
    public static func portProblem(in url: String) -> String? {
        invalidPort(in: url).map { "port \($0) is not a TCP port (0–65535)" }
    }

    /// `seconds` as a duration (whole microseconds) when it is a finite number from 0 to `limit`; nil
    /// when it is NaN, infinite, negative or longer — checked on the `Double`, before any conversion
    /// to an integer (`limit` itself must fit in Int64 microseconds: under 292,000 years).
    public static func duration(seconds: Double, atMost limit: Duration) -> Duration? {
        guard seconds.isFinite, seconds >= 0 else { return nil }
        let microseconds = (seconds * 1_000_000).rounded()
        let most = Double(limit.components.seconds) * 1_000_000 + Double(limit.components.attoseconds) / 1e12
        guard microseconds <= most else { return nil }
        return .microseconds(Int64(microseconds))
    }
}
