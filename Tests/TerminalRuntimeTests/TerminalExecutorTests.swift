import Foundation
import Synchronization
import Testing

@testable import TerminalRuntime

#if canImport(Glibc)
import Glibc
#endif

/// An actor on a ``TerminalExecutor`` of its own that watches a pipe in place of the terminal.
private actor PipeLoop {
    /// The pipe standing in for the terminal's input: read end, write end.
    static let input: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }()
    static let executor: TerminalExecutor = {
        let executor = TerminalExecutor(input: input.read, name: "test-terminal")
        executor.start()
        return executor
    }()
    static let shared = PipeLoop()

    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

    func runsOnTheLoopThread() -> Bool { Self.executor.isCurrent }

    /// Drives turns that answer `answers` in order (the last one must be `.stop`); returns what
    /// each turn saw: whether it ran on the loop's thread.
    static func drive(_ answers: [TerminalExecutor.Next], onTurn: @escaping @Sendable (Int) -> Void = { _ in }) async -> [Bool] {
        let turns = Shared<[Bool]>([])
        await executor.drive {
            let index = turns.update { seen in
                seen.append(executor.isCurrent)
                return seen.count - 1
            }
            onTurn(index)
            return answers[min(index, answers.count - 1)]
        }
        return turns.value
    }

    /// Reads what the input pipe holds (what a UI would read with curses).
    static func drainInput() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(input.read, &buffer, buffer.count) > 0 {}
    }
}

/// A value several threads read and write.
private final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func update<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
    var value: Value { mutex.withLock { $0 } }
}

/// Repeats `action` on a thread of its own until `done` is set (so it surely happens while the
/// loop sleeps, whenever that is).
private func repeatOnAThread(until done: Shared<Bool>, _ action: @escaping @Sendable () -> Void) {
    let thread = Thread {
        for _ in 0..<2_000 where !done.value {
            action()
            usleep(2_000)
        }
    }
    thread.start()
}

@Suite("Terminal event loop executor", .serialized)
struct TerminalExecutorTests {
    @Test func jobsAndTurnsRunOnTheLoopsOwnThread() async {
        #expect(await PipeLoop.shared.runsOnTheLoopThread())
        #expect(!PipeLoop.executor.isCurrent)
        let turns = await PipeLoop.drive([.again, .stop])
        #expect(turns == [true, true], "the first turn comes at once; .again takes another")
    }

    @Test func aWakeFromAnotherThreadBringsTheNextTurn() async {
        let done = Shared(false)
        let turns = await PipeLoop.drive([.sleep(until: nil), .stop]) { index in
            if index == 0 { repeatOnAThread(until: done) { PipeLoop.executor.wake() } }
        }
        done.update { $0 = true }
        #expect(turns.count == 2)
    }

    @Test func inputBringsTheNextTurn() async {
        let done = Shared(false)
        let turns = await PipeLoop.drive([.sleep(until: nil), .stop]) { index in
            if index == 0 {
                repeatOnAThread(until: done) {
                    var byte: UInt8 = 0x7A
                    _ = write(PipeLoop.input.write, &byte, 1)
                }
            } else {
                done.update { $0 = true }
                PipeLoop.drainInput()
            }
        }
        #expect(turns.count == 2)
    }

    @Test func theDeadlineBringsTheNextTurn() async {
        let turns = await PipeLoop.drive([.sleep(until: Date().addingTimeInterval(0.02)), .sleep(until: .distantPast), .stop])
        #expect(turns.count == 3)
    }

    @Test func pollTimeoutsRoundUpToWholeMilliseconds() {
        #expect(TerminalExecutor.timeout(until: nil) == -1)
        #expect(TerminalExecutor.timeout(until: .distantPast) == 0)
        #expect(TerminalExecutor.timeout(until: .distantFuture) == Int32.max)
    }

    @Test func theFrameClockDrawsKeysAtOnceAndCapsTheRest() {
        var clock = FrameClock()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(clock.allows(at: now, forKeys: false), "the first frame is due at once")
        clock.drew(at: now)
        let soon = now.addingTimeInterval(FrameClock.interval / 2)
        #expect(!clock.allows(at: soon, forKeys: false), "an engine change waits for the clock")
        #expect(clock.allows(at: soon, forKeys: true), "a key's echo never waits")
        #expect(clock.nextFrame == now.addingTimeInterval(FrameClock.interval))
        #expect(clock.allows(at: clock.nextFrame.addingTimeInterval(0.001), forKeys: false))
    }
}
