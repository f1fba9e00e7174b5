/// The driver's timers: which wake-up is current for each key. A restarted or cancelled timer's
/// earlier wake-up still comes (a sleeping task, a scheduled event) and is known by its stale token.
public struct DriverTimers: Sendable, Hashable {
    private var tokens: [TimerKey: Int] = [:]
    private var lastToken = 0

    /// No timers.
    public init() {}

    /// Starts `key` (replacing it if it runs): the token its wake-up must bring back.
    public mutating func start(_ key: TimerKey) -> Int {
        lastToken += 1
        tokens[key] = lastToken
        return lastToken
    }

    /// Stops `key`; true when it was running.
    @discardableResult
    public mutating func cancel(_ key: TimerKey) -> Bool {
        tokens.removeValue(forKey: key) != nil
    }

    /// True when `token` is `key`'s current wake-up, which stops the timer; false for a stale one.
    public mutating func fire(_ key: TimerKey, token: Int) -> Bool {
        guard tokens[key] == token else { return false }
        tokens[key] = nil
        return true
    }

    /// True while `key` runs.
    public func isRunning(_ key: TimerKey) -> Bool { tokens[key] != nil }

    /// The running timers.
    public var running: [TimerKey] { Array(tokens.keys) }

    /// Stops every timer (the tokens keep counting, so no old wake-up becomes current again).
    public mutating func removeAll() { tokens = [:] }
}
