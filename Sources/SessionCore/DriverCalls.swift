/// The driver's calls on their way, and how far each transfer got: an answer counts only for a call
/// still pending, and progress only moves forward (reports can arrive out of order, or after the end).
public struct DriverCalls: Sendable, Hashable {
    /// Pending calls with the most bytes reported so far (-1 before any report).
    private var progress: [RequestID: Int64] = [:]

    /// No calls.
    public init() {}

    /// A call began.
    public mutating func start(_ id: RequestID) { progress[id] = -1 }

    /// The call ended; true when it was pending (its answer counts), false for one already over or abandoned.
    public mutating func finish(_ id: RequestID) -> Bool {
        progress.removeValue(forKey: id) != nil
    }

    /// True (and remembered) when `bytes` moves the pending transfer `id` forward.
    public mutating func advance(_ id: RequestID, bytes: Int64) -> Bool {
        guard let seen = progress[id], bytes > seen else { return false }
        progress[id] = bytes
        return true
    }

    /// True while `id` is on its way.
    public func isPending(_ id: RequestID) -> Bool { progress[id] != nil }

    /// The calls on their way, oldest first.
    public var pending: [RequestID] { progress.keys.sorted { $0.value < $1.value } }

    /// Abandons every call.
    public mutating func removeAll() { progress = [:] }
}
