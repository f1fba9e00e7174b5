import Foundation

/// Compares a run's transcript lines with a golden file's patterns and describes the difference as a
/// unified diff (`-` expected, `+` actual, with context lines).
public enum GoldenDiff {
    /// How many matching lines are shown around each change.
    public static let context = 3
    /// Above this many line pairs, lines are paired by position instead of by a longest common
    /// subsequence (which needs memory for every pair).
    static let largestTable = 4_000_000

    private enum Edit {
        case same(expected: Int, actual: Int)
        case removed(Int)
        case added(Int)
    }

    /// `nil` when every line matches its pattern in order; otherwise the unified diff.
    public static func diff(expected: [GoldenPattern], actual: [String], expectedName: String, actualName: String) -> String? {
        if expected.count == actual.count, zip(expected, actual).allSatisfy({ $0.matches($1) }) { return nil }
        let edits = align(expected, actual)
        var lines = ["--- \(expectedName)", "+++ \(actualName)"]
        // Hunks: the changes, with up to `context` unchanged lines on each side, merged when they touch.
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(edits.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        for hunk in hunks {
            let slice = edits[hunk]
            let expectedLines = slice.compactMap { edit -> Int? in
                switch edit {
                case .same(let e, _), .removed(let e): e
                case .added: nil
                }
            }
            let actualLines = slice.compactMap { edit -> Int? in
                switch edit {
                case .same(_, let a), .added(let a): a
                case .removed: nil
                }
            }
            // Golden side: line numbers of the file; run side: line numbers of the run's transcript.
            let from = expectedLines.first.map { expected[$0].line } ?? (nextExpectedLine(before: hunk.lowerBound, edits, expected))
            let to = (actualLines.first ?? actualStart(before: hunk.lowerBound, edits)) + 1
            lines.append("@@ -\(from),\(expectedLines.count) +\(to),\(actualLines.count) @@")
            for edit in slice {
                switch edit {
                case .same(let e, _): lines.append(" " + expected[e].source)
                case .removed(let e): lines.append("-" + expected[e].source)
                case .added(let a): lines.append("+" + actual[a])
                }
            }
        }
        return lines.map { ScriptParser.printable($0) }.joined(separator: "\n")
    }

    /// The edit script from a longest common subsequence (pairs by position when the table would be too big).
    private static func align(_ expected: [GoldenPattern], _ actual: [String]) -> [Edit] {
        let (n, m) = (expected.count, actual.count)
        guard n * m <= largestTable else {
            var edits: [Edit] = []
            for index in 0..<max(n, m) {
                if index < n, index < m, expected[index].matches(actual[index]) {
                    edits.append(.same(expected: index, actual: index))
                } else {
                    if index < n { edits.append(.removed(index)) }
                    if index < m { edits.append(.added(index)) }
                }
            }
            return edits
        }
        // lengths[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = expected[i].matches(actual[j]) ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, expected[i].matches(actual[j]), lengths[i][j] == lengths[i + 1][j + 1] + 1 {
                edits.append(.same(expected: i, actual: j))
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                edits.append(.removed(i))
                i += 1
            } else {
                edits.append(.added(j))
                j += 1
            }
        }
        return edits
    }

    /// For a hunk with no golden line: the file line after the last golden line before it.
    private static func nextExpectedLine(before index: Int, _ edits: [Edit], _ expected: [GoldenPattern]) -> Int {
        for edit in edits[..<index].reversed() {
            switch edit {
            case .same(let e, _), .removed(let e): return expected[e].line + 1
            case .added: continue
            }
        }
        return expected.first?.line ?? 1
    }

    /// For a hunk with no run line: the 0-based run line after the last one before it.
    private static func actualStart(before index: Int, _ edits: [Edit]) -> Int {
        for edit in edits[..<index].reversed() {
            switch edit {
            case .same(_, let a), .added(let a): return a + 1
            case .removed: continue
            }
        }
        return 0
    }
}
