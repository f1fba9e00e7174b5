import Foundation

extension LoadSummary {
    /// Several shards' summaries as one run's: counts and histogram buckets summed, steps, seconds and
    /// failure reasons matched up, runs concatenated. Summaries read from files are range-checked so
    /// that up to ``mostMerged`` of them add up without overflow. Thresholds are not carried over: judge the
    /// merged figures again with ``judge(_:)``.
    public static func merged(_ parts: [LoadSummary]) -> LoadSummary {
        var merged = LoadSummary()
        guard let first = parts.first else { return merged }
        merged.scripts = first.scripts
        merged.shape = first.shape
        merged.startedAt = parts.map(\.startedAt).min() ?? first.startedAt
        var steps: [String: Step] = [:]
        var seconds: [Int: Second] = [:]
        var reasons: [String: (count: Int, seconds: [Int: Int])] = [:]
        for part in parts {
            for script in part.scripts where !merged.scripts.contains(script) { merged.scripts.append(script) }
            merged.shards += part.shards
            merged.durationMs = max(merged.durationMs, part.durationMs)
            merged.counts.add(part.counts)
            merged.reply.merge(part.reply)
            merged.chat.merge(part.chat)
            merged.added.merge(part.added)
            merged.peakRunning += part.peakRunning
            if let startup = part.startupMs { merged.startupMs = max(merged.startupMs ?? 0, startup) }
            merged.interrupted = merged.interrupted || part.interrupted
            if let saturation = part.saturation { merged.saturation = (merged.saturation ?? []) + saturation }
            for step in part.steps {
                let key = "\(step.script)\u{0}\(step.line)"
                var into = steps[key] ?? Step(script: step.script, line: step.line, source: step.source)
                into.reply.merge(step.reply)
                into.failures += step.failures
                steps[key] = into
            }
            for second in part.timeline {
                var into = seconds[second.second] ?? Second(second: second.second)
                into.started += second.started
                into.passed += second.passed
                into.failed += second.failed
                into.replies += second.replies
                seconds[second.second] = into
            }
            for reason in part.failureReasons {
                var into = reasons[reason.reason] ?? (0, [:])
                into.count += reason.count
                for pair in reason.seconds where pair.count == 2 { into.seconds[pair[0], default: 0] += pair[1] }
                reasons[reason.reason] = into
            }
            let room = max(maxRuns - merged.runs.count, 0)
            merged.runs += part.runs.prefix(room)
            merged.runsOmitted += part.runsOmitted + max(part.runs.count - room, 0)
        }
        merged.steps = steps.values.sorted { ($0.script, $0.line) < ($1.script, $1.line) }
        let last = seconds.keys.max() ?? -1
        merged.timeline = (0...max(last, 0)).map { seconds[$0] ?? Second(second: $0) }
        if last < 0 { merged.timeline = [] }
        merged.failureReasons = reasons.map { reason, tally in
            var record = FailureReason(reason: reason)
            record.count = tally.count
            record.seconds = tally.seconds.keys.sorted().map { [$0, tally.seconds[$0] ?? 0] }
            return record
        }.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
        return merged
    }

    /// The JSON text (`--summary`): compact, keys sorted and in snake_case; each histogram also
    /// carries its percentiles in milliseconds (`reply.p95_ms`) for CI checks.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a summary written by ``json()``; refuses other versions and numbers out of range.
    public static func read(_ data: Data) throws -> LoadSummary {
        struct Version: Decodable { var version: Int }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        // The version first: a later format should be named as such, not fail on a key it changed.
        let version = try decoder.decode(Version.self, from: data).version
        guard version == currentVersion else {
            throw LoadOptionError("summary version \(version) is not supported (this build reads \(currentVersion))")
        }
        let summary = try decoder.decode(LoadSummary.self, from: data)
        try summary.checkRanges()
        return summary
    }
}
