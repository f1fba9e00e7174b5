import ChatEngine
import ChatModel
import Foundation
import SessionCore

/// Runs a script against a fresh chat session and reports each step.
public struct ScriptRunner: Sendable {
    /// Makes the wire protocol for one conversation.
    public var makeWire: @Sendable () throws -> any ChatWire
    /// The engine configuration for each session.
    public var configuration: SessionConfiguration
    /// How long to wait for the chat to end after the script (before shutting it down anyway).
    public var endGrace: Duration
    /// How long `expect`, `expect-event`, `set` (a form still loading) and `end` wait when the script
    /// gives no `within` (`helpline script --expect-timeout`).
    public var patience: Duration
    /// True when `expect-transcript` steps write their golden files from the run instead of comparing
    /// (by default when `HELPLINE_UPDATE_GOLDEN` is `1`).
    public var updatesGolden: Bool

    /// Creates a runner.
    public init(
        configuration: SessionConfiguration, endGrace: Duration = .seconds(5),
        patience: Duration = ScriptParser.defaultWithin,
        updatesGolden: Bool = ProcessInfo.processInfo.environment[GoldenTranscript.updateVariable] == "1",
        makeWire: @escaping @Sendable () throws -> any ChatWire
    ) {
        self.makeWire = makeWire
        self.configuration = configuration
        self.endGrace = endGrace
        self.patience = patience
        self.updatesGolden = updatesGolden
    }

    /// What an interrupted run's next step is failed with.
    public static let interruptedFailure = "interrupted before this step finished"

    /// Runs `script` once; `log` gets each step's result as it finishes, and `opened` is called once:
    /// when the chat's connection first opens, or fails, or at the latest when the run ends.
    ///
    /// When the task is cancelled (Ctrl-C, SIGTERM), the step under way fails as interrupted, no
    /// further step runs, and the chat is still ended on the server (within ``endGrace``): a QA run
    /// must not leave chats open in live agent queues.
    public func run(
        _ script: Script, log: @escaping @Sendable (StepResult) -> Void = { _ in }, opened: @escaping @Sendable () -> Void = {}
    ) async -> ScriptResult {
        let started = ContinuousClock.now
        let wire: any ChatWire
        do {
            wire = try makeWire()
        } catch {
            opened()
            let failed = script.steps.map { StepResult(step: $0, failure: "the chat could not be set up: \(error)") }
            failed.first.map(log)
            return ScriptResult(name: script.name, steps: Array(failed.prefix(1)), duration: .now - started)
        }
        var configuration = configuration
        configuration.sendsTyping = false
        // Nobody looks at the diagnostics pane of a script's chat: keeping its frames would only cost memory.
        configuration.core.recordsDiagnostics = false
        configuration.ids = IDSource(seed: configuration.ids.next())
        let frames = FrameArrivals()
        configuration.observers.append(frames)
        let session = ChatSession(wire: wire, configuration: configuration)
        let inbox = EventInbox()
        let events = session.events
        let pump = Task {
            var told = false
            for await event in events {
                inbox.append(event)
                if !told, Self.endsOpening(event) {
                    told = true
                    opened()
                }
            }
            inbox.finish()
            if !told { opened() }
        }
        await session.start()
        var execution = StepExecution(
            session: session, inbox: inbox, frames: frames, patience: patience, updatesGolden: updatesGolden)
        var results: [StepResult] = []
        for step in script.steps {
            if Task.isCancelled {
                let skipped = StepResult(step: step, failure: Self.interruptedFailure)
                log(skipped)
                results.append(skipped)
                break
            }
            var result = await execution.perform(step)
            if Task.isCancelled, !result.passed { result = StepResult(step: step, failure: Self.interruptedFailure) }
            log(result)
            results.append(result)
        }
        // Ending the chat runs outside the (perhaps cancelled) task, so an interrupt still ends it.
        let (grace, finishing) = (endGrace, execution)
        await Task {
            var execution = finishing
            if !execution.ended {
                await session.end()
                _ = await execution.waitForEnd(within: grace)
            }
            await session.shutdown()
        }.value
        pump.cancel()
        await pump.value
        return ScriptResult(name: script.name, steps: results, duration: .now - started)
    }

    /// True for the event that ends a chat's opening: its connection opened, or the chat ended or failed first.
    static func endsOpening(_ event: ChatEvent) -> Bool {
        guard case .connection(let state) = event else { return false }
        switch state {
        case .open, .closed, .failed: return true
        case .idle, .connecting, .reconnecting, .closing: return false
        }
    }
}
