import ChatEngine
import ChatResume
import Foundation
import PolyAI
import TerminalRuntime

/// Runs PolyAI chats as ``PolyAIResumePlan`` says, keeping the store current while a chat runs.
struct PolyAIChatLoop {
    let options: PolyAIOptions
    let runner: ChatRunner
    let store: SessionStore
    let key: String
    let forceNew: Bool

    /// Runs until the user leaves; returns the exit code.
    func run() async throws -> Int32 {
        if forceNew { store.remove(key: key) }
        var plan = PolyAIResumePlan(options: options, stored: forceNew ? nil : store.load(key: key))
        if plan.forgetsStored { store.remove(key: key) }
        if let notice = plan.notice { StandardStreams.err(notice) }
        while true {
            let run = plan.run(now: Date())
            let result = try await runner.runOnce(
                wire: PolyAIWire(options: run.options, ids: .random()), restoring: run.outbox, startedAt: run.startedAt,
                saver: SessionSaver(store: store, key: key), greeting: run.greeting)
            let step = plan.after(result.outcome)
            if step.forgetStored { store.remove(key: key) }
            if !step.runAgain { return try runner.exitCode(for: result) }
        }
    }
}
