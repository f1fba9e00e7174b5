/// Reads `/proc/PID/smaps` line by line, from bytes, and reports each mapping that is private, not
/// writable, backed by a file, with no anonymous and no locked page (what ``MappedFilePages`` lets go of).
///
/// A mapping is reported once its last line has been read: at the next mapping's header, or at
/// ``finish(found:)``. It allocates nothing.
struct SmapsScanner {
    /// The mapping whose lines are being read, when its header qualified it.
    private var candidate: (start: UInt, end: UInt)?
    /// False once one of the candidate's lines ruled it out.
    private var clean = true

    /// Reads one line (without its newline).
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, found: (UInt, UInt) -> Void) {
        var fields = Fields(line: line[...])
        guard let first = fields.next(), let last = first.last else { return }
        if last == Self.colon {
            // "Anonymous:  12 kB", "Locked:  0 kB": any such page rules the mapping out.
            if first.elementsEqual("Anonymous:".utf8) || first.elementsEqual("Locked:".utf8),
                let value = fields.next(), !value.elementsEqual("0".utf8)
            {
                clean = false
            }
            return
        }
        finish(found: found)
        // "start-end perms offset dev inode [path]"
        guard let dash = first.firstIndex(of: Self.dash),
            let start = Self.hex(first[..<dash]), let end = Self.hex(first[(dash + 1)...]), end > start,
            let perms = fields.next(), perms.elementsEqual("r-xp".utf8) || perms.elementsEqual("r--p".utf8),
            fields.next() != nil, fields.next() != nil,
            let inode = fields.next(), !inode.elementsEqual("0".utf8),
            fields.next() != nil
        else { return }
        candidate = (start, end)
        clean = true
    }

    /// A line could not be read (too long for the buffer): the mapping it is in is not reported.
    mutating func skipLine() {
        clean = false
    }

    /// The text ended (or a new mapping begins): reports the mapping read, if it qualified.
    mutating func finish(found: (UInt, UInt) -> Void) {
        if let candidate, clean { found(candidate.start, candidate.end) }
        candidate = nil
    }

    /// A hexadecimal number of at most 16 digits, lower case as the kernel writes them; nil for
    /// anything else.
    static func hex(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for byte in digits {
            guard let digit = hexDigits.firstIndex(of: byte) else { return nil }
            // At most 16 digits: never more than a word.
            value = value &* 16 &+ UInt(bitPattern: digit)
        }
        return value
    }

    /// The hexadecimal digits, by value.
    private static let hexDigits = Array("0123456789abcdef".utf8)
    /// The bytes the lines are read by.
    static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let colon = UInt8(ascii: ":")
    private static let dash = UInt8(ascii: "-")

    /// The space-separated fields of a line, empty ones skipped.
    struct Fields {
        /// What is left of the line.
        var line: Slice<UnsafeBufferPointer<UInt8>>

        /// The next field, or nil at the line's end.
        mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
            guard let start = line.firstIndex(where: { $0 != SmapsScanner.space }) else { return nil }
            let rest = line[start...]
            let end = rest.firstIndex(of: SmapsScanner.space) ?? rest.endIndex
            line = rest[end...]
            return rest[..<end]
        }
    }
}
