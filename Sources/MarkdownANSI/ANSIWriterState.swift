import Synchronization

/// What `ANSIWriter` reuses from one call to the next: the cached SGR transitions and the
/// output scratch buffer (so a call allocates only its result string).
///
/// One state is kept per process; a call takes it (a concurrent call gets a fresh one) and gives
/// it back when done.
struct ANSIWriterState: Sendable {
    /// Largest scratch buffer kept between calls.
    private static let keptCapacity = 1 << 16
    /// The process-wide state, nil while a call holds it.
    private static let shared = Mutex<ANSIWriterState?>(nil)

    /// Cached SGR transitions.
    var transitions = SGRTransitions()
    /// Reusable output bytes (empty between calls).
    var scratch: [UInt8] = []

    /// Takes the process-wide state (or a fresh one when another call holds it).
    static func take() -> ANSIWriterState {
        shared.withLock { state in
            defer { state = nil }
            return state ?? ANSIWriterState()
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
        ANSIWriterState.shared.withLock { $0 = kept }
    }
}
