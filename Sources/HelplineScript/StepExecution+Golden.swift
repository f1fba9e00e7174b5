import ChatEngine
import ChatModel
import Foundation

extension StepExecution {
    /// `expect-transcript FILE`: the transcript so far must match the golden file. A missing file is
    /// written from the run (the step fails, so a new golden file is looked at before it is trusted);
    /// with ``updatesGolden`` every golden file is rewritten and the step passes.
    func expectTranscript(_ path: String, step: ScriptStep) async -> StepResult {
        let items = transcriptSoFar(await session.items)
        let me = await session.sessionInfo?.me.name
        let name = (path as NSString).lastPathComponent
        let exists = FileManager.default.fileExists(atPath: path)
        if updatesGolden || !exists {
            do {
                try PrivateFile.write(GoldenTranscript.text(of: items, me: me), to: path)
            } catch {
                return StepResult(step: step, failure: "\(error)")
            }
            if updatesGolden { return StepResult(step: step, detail: "wrote \(name) from this run") }
            return StepResult(
                step: step,
                failure: "there was no golden file \(path): this run's transcript is written there now; check it and run again")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return StepResult(step: step, failure: "cannot read the golden file \(path)")
        }
        let expected: [GoldenPattern]
        do {
            expected = try GoldenPattern.parse(String(decoding: data, as: UTF8.self), file: path, me: me)
        } catch {
            return StepResult(step: step, failure: "\(error)")
        }
        let actual = GoldenTranscript.lines(of: items).filter { !$0.isEmpty }
        guard let diff = GoldenDiff.diff(expected: expected, actual: actual, expectedName: "\(name) (golden)", actualName: "this run") else {
            return StepResult(step: step, detail: "\(actual.count) line(s) match \(name)")
        }
        return StepResult(
            step: step,
            failure: "the transcript differs from \(path) (set \(GoldenTranscript.updateVariable)=1 to accept this run):\n\(diff)")
    }

    /// The transcript up to the last item the script has seen or sent: replies that have arrived but
    /// that no step has read yet are not part of it, so the comparison does not depend on timing.
    /// Once the chat is over the transcript is final, and all of it counts.
    func transcriptSoFar(_ items: [ChatItem]) -> [ChatItem] {
        if closedReason != nil { return items }
        guard let last = items.lastIndex(where: { $0.isOwn || seenKeys.contains($0.key) || seenKeys.contains($0.id) }) else {
            return []
        }
        return Array(items[...last])
    }
}
