import ChatEngine
import ChatModel
import Foundation

/// Runs a script against a fresh chat session and reports each step.
public struct ScriptRunner: Sendable {
    /// Makes the backend for one conversation.
    public var makeBackend: @Sendable () throws -> any ChatBackend
    /// The engine configuration for each session.
    public var configuration: SessionConfiguration
    /// How long to wait for the chat to end after the script (before shutting it down anyway).
    public var endGrace: Duration

    /// Creates a runner.
    public init(
        configuration: SessionConfiguration = SessionConfiguration(), endGrace: Duration = .seconds(5),
        makeBackend: @escaping @Sendable () throws -> any ChatBackend
    ) {
        self.makeBackend = makeBackend
        self.configuration = configuration
        self.endGrace = endGrace
    }

    /// Runs `script` once; `log` gets each step's result as it finishes.
    public func run(_ script: Script, log: @escaping @Sendable (StepResult) -> Void = { _ in }) async -> ScriptResult {
        let started = ContinuousClock.now
        let backend: any ChatBackend
        do {
            backend = try makeBackend()
        } catch {
            let failed = script.steps.map { StepResult(step: $0, failure: "the chat could not be set up: \(error)") }
            failed.first.map(log)
            return ScriptResult(name: script.name, steps: Array(failed.prefix(1)), duration: .now - started)
        }
        var configuration = configuration
        configuration.sendsTyping = false
        let session = ChatSession(backend: backend, configuration: configuration)
        let inbox = EventInbox()
        let events = session.events
        let pump = Task {
            for await event in events { await inbox.append(event) }
            await inbox.finish()
        }
        await session.start()
        var execution = StepExecution(session: session, inbox: inbox)
        var results: [StepResult] = []
        for step in script.steps {
            let result = await execution.perform(step)
            log(result)
            results.append(result)
        }
        if !execution.ended {
            await session.end()
            _ = await execution.waitForEnd(within: endGrace)
        }
        await session.shutdown()
        pump.cancel()
        await pump.value
        return ScriptResult(name: script.name, steps: results, duration: .now - started)
    }
}
