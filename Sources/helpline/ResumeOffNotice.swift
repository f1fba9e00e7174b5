import ChatEngine
import Synchronization

/// Says once per run of the program that resume is off (the state folder cannot be written),
/// however many chats and failed saves follow: at the start, or at the first save that fails.
final class ResumeOffNotice: Sendable {
    private let told = Mutex(false)

    /// A notice not yet given.
    init() {}

    /// The notice for `problem` the first time; nil after.
    func take(_ problem: SessionStoreProblem) -> String? {
        told.withLock { told in
            guard !told else { return nil }
            told = true
            return problem.notice
        }
    }
}
