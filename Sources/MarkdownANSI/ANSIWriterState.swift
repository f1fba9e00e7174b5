/// What `ANSIWriter` reuses from one call to the next: the cached SGR transitions and the
/// output scratch buffer (so a call allocates only its result string).
///
/// One state is kept per process; a call takes it (a concurrent call gets a fresh one) and gives
/// it back when done.
struct ANSIWriterState: Sendable {
    /// Holder of the process-wide state.
    private final class Shared: @unchecked Sendable {
        let lock = ProcessLock()
        var state: ANSIWriterState?
    }

    /// Largest scratch buffer kept between calls.
    private static let keptCapacity = 1 << 16
    private static let shared = Shared()

    /// Cached SGR transitions.
    var transitions = SGRTransitions()
    /// Reusable output bytes (empty between calls).
    var scratch: [UInt8] = []

    /// Takes the process-wide state (or a fresh one when another call holds it).
    static func take() -> ANSIWriterState {
        shared.lock.withLock {
            defer { shared.state = nil }
            return shared.state ?? ANSIWriterState()
        }
    }

    /// Moves the scratch buffer out (left empty here).
    mutating func takeScratch() -> [UInt8] {
        var storage: [UInt8] = []
        swap(&storage, &scratch)
        return storage
    }

    /// Gives the state back for the next call (a large scratch buffer is dropped).
    func giveBack() {
        var kept = self
        if kept.scratch.capacity > ANSIWriterState.keptCapacity { kept.scratch = [] }
        kept.scratch.removeAll(keepingCapacity: true)
        ANSIWriterState.shared.lock.withLock { ANSIWriterState.shared.state = kept }
    }
}
