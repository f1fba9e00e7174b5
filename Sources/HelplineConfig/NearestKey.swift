/// The known key closest to a misspelt one, by edit distance.
public enum NearestKey {
    /// The key of `known` with the fewest single-character edits from `key` (ties: alphabetical).
    public static func nearest(to key: String, in known: Set<String>) -> String? {
        known.sorted().min { distance(key, $0) < distance(key, $1) }
    }

    /// The Levenshtein distance (insertions, deletions, substitutions) between two strings.
    public static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs)
        let b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
