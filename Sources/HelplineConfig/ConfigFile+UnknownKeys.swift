extension ConfigFile {
    /// Keys that no option of any command takes, as `(line, key, profile)` in file order.
    func unknownKeys(known: Set<String>) -> [(line: Int, key: String, profile: String?)] {
        var found: [(line: Int, key: String, profile: String?)] = []
        for key in defaults.keys where !known.contains(key) {
            found.append((keyLines[[key]] ?? 1, key, nil))
        }
        for (name, values) in profiles {
            for key in values.keys where !known.contains(key) {
                found.append((keyLines[["profiles", name, key]] ?? 1, key, name))
            }
        }
        return found.sorted { ($0.line, $0.key) < ($1.line, $1.key) }
    }

    /// One warning per unknown key, in file order:
    /// `FILE:LINE: unknown key 'dispaly-name' is ignored (nearest known key: 'display-name')`.
    public func unknownKeyWarnings(known: Set<String>) -> [String] {
        unknownKeys(known: known).map { entry in
            let place = entry.profile.map { " in [profiles.\($0)]" } ?? ""
            let nearest = NearestKey.nearest(to: entry.key, in: known).map { " (nearest known key: '\($0)')" } ?? ""
            // A quoted key may hold anything ("a\u001B[2J" = 1): escaped, the warning stays one safe line.
            return ConfigError.oneLine("\(file):\(entry.line): unknown key '\(entry.key)'\(place) is ignored\(nearest)")
        }
    }
}
