/// Runs of spaces and rule characters, built once and shared (no allocation per padded line).
enum Repeated {
    private static let spaceRuns: [String] = (0...256).map { String(repeating: " ", count: $0) }
    private static let ruleRuns: [String] = (0...256).map { String(repeating: "─", count: $0) }

    /// `count` spaces (shared storage up to 256).
    static func spaces(_ count: Int) -> String {
        count <= 0 ? "" : (count < spaceRuns.count ? spaceRuns[count] : String(repeating: " ", count: count))
    }

    /// `count` × `─` (shared storage up to 256).
    static func rule(_ count: Int) -> String {
        count <= 0 ? "" : (count < ruleRuns.count ? ruleRuns[count] : String(repeating: "─", count: count))
    }
}
