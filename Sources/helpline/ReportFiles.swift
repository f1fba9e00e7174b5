import ArgumentParser
import Foundation
import HelplineScript

/// A summary file or an output path that cannot be used; shown as one line.
struct ReportInputError: Error {
    /// The line shown after `Error: `.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

/// The file work of `helpline report merge`: reading and checking summaries, checking output paths
/// before anything is written, and the thresholds and shards the inputs carry.
enum ReportFiles {
    /// Reads a summary, with one clear line when it is missing, unreadable, not JSON, not a summary
    /// or of another format version.
    static func readSummary(at path: String) throws -> LoadSummary {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReportInputError("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw ReportInputError("\(path) is a folder, not a summary file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw ReportInputError("cannot read \(path)") }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw ReportInputError("\(path) is not JSON (expected a summary written by helpline script --summary)")
        }
        guard let fields = object as? [String: Any], let version = fields["version"] as? Int, fields["counts"] != nil else {
            throw ReportInputError("\(path) is not a load summary (expected one written by helpline script --summary)")
        }
        guard version == LoadSummary.currentVersion else {
            throw ReportInputError(
                "\(path) is a version \(version) summary; this build reads version \(LoadSummary.currentVersion) (merge with a matching helpline)")
        }
        do {
            return try LoadSummary.read(data)
        } catch let error as DecodingError {
            throw ReportInputError("\(path) is not a valid load summary: \(describe(error))")
        } catch {
            throw ReportInputError("\(path) is not a valid load summary: \(error)")
        }
    }

    /// What is wrong in a decoding error, with the key path: `counts.passed: missing`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            let at = path(context.codingPath)
            return (at.isEmpty ? "" : at + ": ") + context.debugDescription
        @unknown default:
            return "unreadable"
        }
    }

    /// Refuses output paths that cannot be written — a missing folder, a folder, a read-only file
    /// (probed as `helpline script` probes its outputs), an input file, the same path twice — before
    /// anything is written.
    static func checkOutputs(_ outputs: [(option: String, path: String)], inputs: [String]) throws {
        let inputPaths = Set(inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        var seen: [String: String] = [:]
        for (option, path) in outputs {
            let resolved = URL(fileURLWithPath: path).standardizedFileURL.path
            if !path.isEmpty, let other = seen[resolved] { throw ReportInputError("\(option) and \(other) name the same file \(path)") }
            seen[resolved] = option
            if !path.isEmpty, inputPaths.contains(resolved) { throw ReportInputError("\(option) \(path) is one of the summaries being merged") }
            do {
                try OutputFileCheck.validate(path, option: option)
            } catch let error as ValidationError {
                throw ReportInputError(error.message)
            }
        }
    }

    /// The inputs' thresholds, each expression once in the order first seen, parsed again.
    static func inputThresholds(_ parts: [LoadSummary], files: [String]) throws -> [LoadThreshold] {
        var rules: [LoadThreshold] = []
        for (part, file) in zip(parts, files) {
            for verdict in part.thresholds where !rules.contains(where: { $0.expression == verdict.expression }) {
                do {
                    rules.append(try LoadThreshold(parsing: verdict.expression))
                } catch {
                    throw ReportInputError("\(file): its threshold \(verdict.expression) does not parse: \(error)")
                }
            }
        }
        return rules
    }

    /// Shards given twice, missing, or counted out of different totals.
    static func shardWarnings(_ shards: [String]) -> [String] {
        var warnings: [String] = []
        var counts: [String: Int] = [:]
        for shard in shards { counts[shard, default: 0] += 1 }
        // Whole runs (1/1) may be merged as often as machines ran them; a slice twice is a mistake.
        for (shard, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 && shard != Shard.whole.description {
            warnings.append("shard \(shard) is in \(count) summaries; its chats are counted \(count) times")
        }
        let parsed = Set(shards).compactMap { try? LoadOptionParsing.shard($0) }
        let totals = Set(parsed.map(\.count))
        if totals.count > 1 {
            warnings.append("the summaries come from runs cut into different numbers of shards (\(totals.sorted().map(String.init).joined(separator: ", ")))")
        } else if let total = totals.first, total > 1 {
            let have = Set(parsed.map(\.index))
            let missing = (1...total).filter { !have.contains($0) }.map { "\($0)/\(total)" }
            if !missing.isEmpty { warnings.append("shard\(missing.count > 1 ? "s" : "") \(missing.joined(separator: ", ")) missing; the run is partial") }
        }
        return warnings
    }

    /// Runs `write`, turning a failure into one line naming the option and the file.
    static func writing(_ option: String, _ path: String, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch {
            throw ReportInputError("\(option): cannot write \(path)")
        }
    }

    /// `Load test: greeting, hours` (scripts cut to a readable length).
    static func defaultTitle(_ summary: LoadSummary) -> String {
        let names = summary.scripts.prefix(4).joined(separator: ", ") + (summary.scripts.count > 4 ? ", …" : "")
        return names.isEmpty ? "Load test" : "Load test: \(names)"
    }
}
