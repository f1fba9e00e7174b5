import AmazonConnect
import ChatEngine
import ChatResume
import Foundation
import TerminalRuntime

/// Runs Amazon Connect chats as ``ConnectResumePlan`` says, saving the chat while it runs.
struct ConnectChatLoop {
    let start: ConnectChatStart
    let endpoint: URL
    let runner: ChatRunner
    let store: SessionStore
    let key: String
    let forceNew: Bool

    /// Runs until the user leaves; returns the exit code.
    func run() async throws -> Int32 {
        if forceNew { store.remove(key: key) }
        var plan = ConnectResumePlan(start: start, stored: forceNew ? nil : store.load(key: key))
        if plan.forgetsStored { store.remove(key: key) }
        if let notice = plan.notice { StandardStreams.err(notice) }
        while true {
            let run = plan.run
            let result = try await runner.runOnce(
                wire: ConnectWire(start: run.start, endpoint: endpoint.absoluteString, ids: .random()), restoring: run.outbox,
                startedAt: run.startedAt, saver: SessionSaver(store: store, key: key), greeting: run.greeting)
            let step = plan.after(result.outcome)
            if step.forgetStored { store.remove(key: key) }
            if let notice = step.notice { StandardStreams.err(notice) }
            if !step.runAgain { return try runner.exitCode(for: result) }
        }
    }
}
