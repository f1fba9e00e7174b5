/// Ids and random numbers for a session core, from a seed: the same seed gives the same ids, client
/// tokens and backoff jitter, so a simulated run can be repeated exactly.
///
/// Production seeds it from the system's random generator; ids look like lower-case UUIDs (version 4).
public struct IDSource: Sendable, Hashable {
    private var state: UInt64

    /// A source starting from `seed`.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// A source seeded from the system's random generator.
    public static func random() -> IDSource {
        var generator = SystemRandomNumberGenerator()
        return IDSource(seed: generator.next())
    }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in 0..<1.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// A new id in UUID form (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, lower case).
    public mutating func uuid() -> String {
        let high = (next() & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (next() & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = Self.hex(high, digits: 16) + Self.hex(low, digits: 16)
        let characters = Array(hex)
        return String(characters[0..<8]) + "-" + String(characters[8..<12]) + "-" + String(characters[12..<16]) + "-"
            + String(characters[16..<20]) + "-" + String(characters[20..<32])
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
