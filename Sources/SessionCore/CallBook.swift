import Foundation

/// The core's calls on their way and those waiting to be made again: what each is for and when it
/// went out. Every call the core makes (REST, upload, download) takes its id here, so ids never repeat.
struct CallBook: Sendable {
    /// One call out: the operation it carries, what it is for, and when it went out.
    struct Call: Sendable {
        var operation: WireOperation
        var purpose: SessionCore.Purpose
        var sentAt: Date
    }

    /// An operation waiting for its retry timer.
    struct Waiting: Sendable {
        var operation: WireOperation
        var purpose: SessionCore.Purpose
    }

    private var lastId = 0
    /// The calls out, by id.
    private(set) var out: [RequestID: Call] = [:]
    /// Operations waiting for their retry timer, by timer name.
    private(set) var waiting: [RetryKey: Waiting] = [:]

    /// A fresh id for a call the book does not follow (a download of a file).
    mutating func newId() -> RequestID {
        lastId += 1
        return RequestID(lastId)
    }

    /// A call goes out at `now` for `purpose`; its id.
    mutating func send(_ operation: WireOperation, for purpose: SessionCore.Purpose, now: Date) -> RequestID {
        let id = newId()
        out[id] = Call(operation: operation, purpose: purpose, sentAt: now)
        return id
    }

    /// The call answered (or failed before an answer), no longer out; nil when it is not out (an
    /// answer for a call the core has given up on).
    mutating func answered(_ id: RequestID) -> Call? {
        out.removeValue(forKey: id)
    }

    /// What the call `id` is for, while it is out.
    func purpose(of id: RequestID) -> SessionCore.Purpose? {
        out[id]?.purpose
    }

    /// True when a call out or waiting to be made again is for `purpose`-like work.
    func has(_ matches: (SessionCore.Purpose) -> Bool) -> Bool {
        out.values.contains { matches($0.purpose) } || waiting.values.contains { matches($0.purpose) }
    }

    /// True when a call out (not one waiting) is for `purpose`-like work.
    func hasOut(_ matches: (SessionCore.Purpose) -> Bool) -> Bool {
        out.values.contains { matches($0.purpose) }
    }

    /// Gives up on the calls out for `purpose`-like work: their answers will be ignored.
    mutating func forget(_ matches: (SessionCore.Purpose) -> Bool) {
        out = out.filter { !matches($0.value.purpose) }
    }

    /// `operation` waits for the retry timer named `key`.
    mutating func wait(_ operation: WireOperation, for purpose: SessionCore.Purpose, key: RetryKey) {
        waiting[key] = Waiting(operation: operation, purpose: purpose)
    }

    /// The operation whose retry timer `key` fired, no longer waiting.
    mutating func retry(_ key: RetryKey) -> Waiting? {
        waiting.removeValue(forKey: key)
    }
}
