import ChatModel
import Synchronization

/// Turns a stream of byte counts into a few progress reports: one per 5 % step, and only for
/// files large enough for progress to matter (small ones just finish).
final class TransferMeter: Sendable {
    /// Files smaller than this get no progress reports.
    static let threshold: Int64 = 256 * 1024

    private let base: FileTransfer
    private let report: @Sendable (FileTransfer) -> Void
    private let lastStep = Mutex(-1)

    /// Creates a meter for one transfer; `report` is called with each report worth showing.
    init(_ base: FileTransfer, report: @escaping @Sendable (FileTransfer) -> Void) {
        self.base = base
        self.report = report
    }

    /// Notes that `bytes` have moved so far.
    func moved(_ bytes: Int64) {
        guard base.bytesTotal >= Self.threshold else { return }
        var transfer = base
        transfer.bytesDone = bytes
        let step = (transfer.percent ?? 0) / 5
        let due = lastStep.withLock { last in
            guard step > last else { return false }
            last = step
            return true
        }
        if due { report(transfer) }
    }
}
