import Foundation
import Synchronization
import Testing

@testable import TerminalRuntime
@testable import TerminalUI

/// When the chat's loop lets go of its mappings of code (``MappedFilePages``), seen from a whole chat.
@Suite("The chat gives memory back after bursts of messages, not after typing")
struct ChatProgramMemoryTests {
    final class Counter: Sendable {
        let calls = Mutex(0)
        var value: Int { calls.withLock { $0 } }
    }

    @Test("typing never lets the mappings go (the next key would map its code back in); a burst of messages does, once the chat is quiet")
    @TerminalActor func releasesAfterMessagesNotKeys() async {
        let releases = Counter()
        let trim = HeapTrim(
            threshold: 3, releaseThreshold: 20, quiet: 0.5, afterStart: false,
            release: { releases.calls.withLock { $0 += 1 } }, trim: {})
        let chat = await ChatProgramSessionTests.Chat.open(heapTrim: trim)
        defer { chat.program.stop() }
        // Sixty keys, typed in words with pauses between them: the loop goes idle after each word.
        for word in 0..<12 {
            for _ in 0..<5 {
                chat.backend.type("a")
                chat.turn()
            }
            for _ in 0..<3 {
                chat.clock = chat.clock.addingTimeInterval(1.5)
                chat.turn()
            }
            #expect(releases.value == 0, "after word \(word)")
        }
        #expect(chat.screen.contains(String(repeating: "a", count: 20)))
        // Thirty messages, then quiet.
        for number in 0..<30 { chat.engine.say("m\(number)", "message number \(number)") }
        #expect(await chat.until { chat.screen.contains("message number 29") && !chat.program.hasPosted })
        for _ in 0..<4 {
            chat.clock = chat.clock.addingTimeInterval(1.5)
            chat.turn()
        }
        #expect(releases.value == 1)
    }
}
