/// Runs of spaces and rule characters, built once and shared (no allocation per padded line).
public enum Repeated {
    /// Longest run kept (longer ones are made on demand).
    private static let kept = 256
    private static let spaceRuns: [String] = runs(of: [0x20])
    private static let ruleRuns: [String] = runs(of: Array("─".utf8))

    /// `count` spaces (shared storage up to 256).
    public static func spaces(_ count: Int) -> String {
        count <= 0 ? "" : (count < spaceRuns.count ? spaceRuns[count] : String(repeating: " ", count: count))
    }

    /// `count` × `─` (shared storage up to 256).
    public static func rule(_ count: Int) -> String {
        count <= 0 ? "" : (count < ruleRuns.count ? ruleRuns[count] : String(repeating: "─", count: count))
    }

    /// Runs of 0…`kept` copies of `unit`, each made from prefixes of one byte buffer
    /// (`String(repeating:count:)` appends one copy at a time: ~20 M instructions for all of them).
    private static func runs(of unit: [UInt8]) -> [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unit.count * kept)
        for _ in 0..<kept { bytes.append(contentsOf: unit) }
        return (0...kept).map { String(decoding: bytes.prefix($0 * unit.count), as: UTF8.self) }
    }
}
