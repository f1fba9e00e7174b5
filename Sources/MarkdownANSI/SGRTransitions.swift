/// The SGR sequences between drawn styles, each built once per process.
///
/// Replies switch between a handful of styles (plain, link, code, bold, …) over and over; the
/// escape sequence for each (from, to) pair is made once and copied from this cache afterwards.
/// A writer takes a copy of the process-wide cache and gives it back if it learnt new pairs.
struct SGRTransitions: Sendable {
    /// One cached transition.
    private struct Entry: Sendable {
        var from: UInt64
        var to: UInt64
        var bytes: [UInt8]
    }

    /// Holder of the process-wide cache.
    private final class Shared: @unchecked Sendable {
        let lock = ProcessLock()
        var cache = SGRTransitions()
    }

    /// Most entries kept (a linear scan over a few integer pairs beats hashing).
    private static let capacity = 48
    private static let shared = Shared()

    private var entries: [Entry] = []
    /// Whether entries were added since the copy was taken.
    private var learnt = false

    /// Creates an empty cache.
    init() {}

    /// A copy of the process-wide cache.
    static func take() -> SGRTransitions {
        shared.lock.withLock { shared.cache }
    }

    /// Stores this copy as the process-wide cache when it learnt new transitions.
    func giveBack() {
        guard learnt else { return }
        var copy = self
        copy.learnt = false
        SGRTransitions.shared.lock.withLock {
            if SGRTransitions.shared.cache.entries.count <= copy.entries.count { SGRTransitions.shared.cache = copy }
        }
    }

    /// Appends the shortest SGR sequence that turns `old` into `new`.
    mutating func append(from old: DrawnStyle, to new: DrawnStyle, into output: inout ByteOutput) {
        let from = old.key
        let to = new.key
        for entry in entries where entry.from == from && entry.to == to {
            output.bytes(entry.bytes)
            return
        }
        var sequence = ByteOutput(capacity: 48)
        SGRTransitions.write(from: old, to: new, into: &sequence)
        output.bytes(sequence.contents)
        if entries.count == SGRTransitions.capacity { entries.removeFirst() }
        entries.append(Entry(from: from, to: to, bytes: sequence.contents))
        learnt = true
    }

    /// Appends the shortest SGR sequence that turns `old` into `new`.
    private static func write(from old: DrawnStyle, to new: DrawnStyle, into output: inout ByteOutput) {
        if new == .plain {
            output.reset()
            return
        }
        var writer = SGRBuilder()
        if (old.flags.bold && !new.flags.bold) || (old.flags.dim && !new.flags.dim) {
            writer.code(22, &output)
            if new.flags.bold { writer.code(1, &output) }
            if new.flags.dim { writer.code(2, &output) }
        } else {
            if new.flags.bold && !old.flags.bold { writer.code(1, &output) }
            if new.flags.dim && !old.flags.dim { writer.code(2, &output) }
        }
        if old.flags.italic != new.flags.italic { writer.code(new.flags.italic ? 3 : 23, &output) }
        if old.flags.underline != new.flags.underline { writer.code(new.flags.underline ? 4 : 24, &output) }
        if old.flags.inverse != new.flags.inverse { writer.code(new.flags.inverse ? 7 : 27, &output) }
        if old.flags.strikethrough != new.flags.strikethrough {
            writer.code(new.flags.strikethrough ? 9 : 29, &output)
        }
        if old.foreground != new.foreground { writer.color(new.foreground, background: false, &output) }
        if old.background != new.background { writer.color(new.background, background: true, &output) }
        writer.finish(&output)
    }
}
