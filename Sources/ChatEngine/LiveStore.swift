import SessionCore

/// The live store port of a ``ChatSession``: the configuration's save and forget hooks (the program
/// points them at its ``SessionStore``).
struct LiveStore: DriverStore {
    /// Called with each snapshot to save.
    let onPersist: (@Sendable (SessionSnapshot) -> Void)?
    /// Called when the saved session is to be forgotten.
    let onForget: (@Sendable () -> Void)?

    func persist(_ snapshot: SessionSnapshot) { onPersist?(snapshot) }

    func forget() { onForget?() }
}
