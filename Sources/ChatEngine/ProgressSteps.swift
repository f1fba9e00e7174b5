import Synchronization

/// Lets progress through in 5 % steps, and not at all for small files.
final class ProgressSteps: Sendable {
    /// Files smaller than this get no progress reports.
    static let threshold: Int64 = 256 * 1024
    private let total: Int64
    private let last = Mutex(-1)

    init(total: Int64) {
        self.total = total
    }

    /// True when `bytes` moved the transfer into a new step.
    func due(_ bytes: Int64) -> Bool {
        guard total >= Self.threshold else { return false }
        let step = Int(min(100, bytes * 100 / total)) / 5
        return last.withLock { last in
            guard step > last else { return false }
            last = step
            return true
        }
    }
}
