import Foundation
import Testing

@testable import TerminalUI

@Suite("Wake signal of the main loop")
struct WakeSignalTests {
    @Test func aSignalBeforeTheWaitIsKept() async {
        let signal = WakeSignal()
        signal.signal()
        signal.signal()
        await signal.wait(until: nil)
        // Two signals before one wait count once: the next wait sleeps until its deadline.
        await signal.wait(until: Date())
    }

    @Test func aSignalFromAnotherThreadWakesTheWaiter() async {
        let signal = WakeSignal()
        let thread = Thread {
            // Signals until the waiter has certainly started waiting; extra signals are harmless.
            for _ in 0..<200 {
                signal.signal()
                usleep(5_000)
            }
        }
        thread.start()
        await signal.wait(until: nil)
    }

    @Test func aDeadlineInThePastReturns() async {
        await WakeSignal().wait(until: Date.distantPast)
    }
}
