import NIOCore
import NIOPosix

/// Timers and Swift concurrency on SwiftNIO's event loops, so that an idle chat wakes only for its
/// own timers.
///
/// On Linux, Swift concurrency's default executor and `Task.sleep` run on libdispatch, and once a
/// dispatch worker thread exists, libdispatch's manager thread wakes every second for as long as the
/// process lives (its pool monitor) — more wake-ups than the rest of an idle chat together. The
/// client's network I/O already runs on `MultiThreadedEventLoopGroup.singleton`; with these, its
/// tasks and timers run there too, and no dispatch worker is started.
public enum EventLoopTime {
    /// Makes the singleton event loop group Swift concurrency's global executor: every task that is
    /// not on an actor of its own runs on it. Call once, on the main thread, before any task starts
    /// (an async `main` is itself a task); returns false when SwiftNIO could not install it, and the
    /// default executor stays.
    @discardableResult
    public static func installAsGlobalExecutor() -> Bool {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// Suspends for `duration` on an event loop's timer; throws `CancellationError` when the task is
    /// cancelled first (at once if it already was), as `Task.sleep(for:)` does, whose timers start a
    /// dispatch worker (see the type's summary).
    public static func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let scheduled = loop.scheduleTask(in: .nanoseconds(nanoseconds(duration))) {}
        do {
            try await withTaskCancellationHandler {
                try await scheduled.futureResult.get()
            } onCancel: {
                scheduled.cancel()
            }
        } catch {
            throw CancellationError()
        }
    }

    /// `duration` in whole nanoseconds, at least 0 and at most what `TimeAmount` holds.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, over) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return over ? .max : total
    }
}
