/// The SGR sequences between drawn styles, each built once and then copied.
///
/// Replies switch between a handful of styles (plain, link, code, bold, …) over and over; the
/// escape sequence for each (from, to) pair is made once and kept in a small direct-mapped table
/// (a pair that collides with another simply replaces it). `ANSIWriter` makes one per call.
struct SGRTransitions: Sendable {
    /// One cached transition; `from == empty` marks an unused slot.
    private struct Entry: Sendable {
        var from: UInt64
        var to: UInt64
        var bytes: [UInt8]
    }

    /// Key bits never set by `DrawnStyle.key` (58 bits): marks an empty slot.
    private static let empty = UInt64.max
    /// Number of slots, a power of two.
    private static let slotCount = 64

    private var slots = [Entry](repeating: Entry(from: SGRTransitions.empty, to: 0, bytes: []), count: SGRTransitions.slotCount)

    /// Creates an empty cache.
    init() {}

    /// Appends the shortest SGR sequence that turns `old` into `new`.
    mutating func append(from old: DrawnStyle, to new: DrawnStyle, into output: inout ByteOutput) {
        let from = old.key
        let to = new.key
        let mixed = (from &* 0x9E37_79B9_7F4A_7C15) ^ (to &* 0xC2B2_AE3D_27D4_EB4F)
        let slot = Int(truncatingIfNeeded: mixed >> 58) & (SGRTransitions.slotCount - 1)
        let found = slots.withUnsafeBufferPointer { slots -> Bool in
            guard slots[slot].from == from && slots[slot].to == to else { return false }
            output.bytes(slots[slot].bytes)
            return true
        }
        if found { return }
        var sequence = ByteOutput(capacity: 48)
        SGRTransitions.write(from: old, to: new, into: &sequence)
        output.bytes(sequence.contents)
        slots[slot] = Entry(from: from, to: to, bytes: sequence.contents)
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
