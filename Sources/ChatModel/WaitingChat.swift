import Foundation

/// A chat waiting for a live agent, as the console lists it.
public struct WaitingChat: Sendable, Equatable, Identifiable {
    /// The contact id.
    public var id: String
    /// The customer's display name.
    public var customerName: String
    /// The queue it waits in.
    public var queue: String
    /// Seconds it has waited.
    public var waitingSeconds: Int
    /// The customer's latest message, if any.
    public var lastMessage: String?

    /// Creates a row of the queue.
    public init(id: String, customerName: String, queue: String, waitingSeconds: Int, lastMessage: String?) {
        self.id = id
        self.customerName = customerName
        self.queue = queue
        self.waitingSeconds = waitingSeconds
        self.lastMessage = lastMessage
    }
}
