import ChatEngine
import ChatModel
import Foundation
import TerminalUI

extension ChatRunner {
    /// The accessible mode (`--screen-reader`, or `TERM=dumb`): like line mode, a signal stops it as a
    /// restart would find it, with the terminal put back first.
    func runScreenReader(_ session: ChatSession, greetings: [String]) async -> Outcome {
        let events = session.events
        let signals = InterruptSignals.shared
        signals.begin()
        await session.start()
        for greeting in greetings { session.tell(greeting) }
        let mode = ScreenReaderMode(
            options: ScreenReaderMode.Options(
                profile: "default", environment: ProcessInfo.processInfo.environment,
                linger: .milliseconds(Int64(options.linger * 1000))))
        let outcome = await withTaskGroup(of: ScreenReaderMode.Outcome?.self) { group in
            group.addTask { await mode.run(events: events) { command in await session.perform(command) } }
            group.addTask {
                _ = await signals.wait()
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            await group.waitForAll()  // the terminal is back as it was before anything more is printed
            return first
        }
        if let number = signals.caught {
            FileHandle.standardError.write(Data(
                "helpline: stopped by \(InterruptSignals.name(number)); unsent messages are kept and the chat can be resumed\n".utf8))
            return .interrupted(number)
        }
        switch outcome {
        case .newChat: return .newChat
        case .finished(let state): return .finished(state)
        case nil: return .finished(await session.connectionState)
        }
    }
}
