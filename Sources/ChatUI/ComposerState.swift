import MarkdownANSI

/// The message being typed: text, cursor (per grapheme cluster), kill ring and input history.
///
/// Pure value type; every edit keeps the cursor on a `Character` boundary, so it can never
/// land inside a wide glyph or an emoji sequence.
package struct ComposerState: Equatable, Sendable {
    /// The draft, one element per grapheme cluster; newlines are `"\n"` elements.
    private var characters: [Character] = []
    /// The draft (``characters``); setting it makes ``text`` again. A letter typed or deleted at
    /// the end changes both in place instead, so a key costs the same in a long draft as in a short one.
    private(set) var chars: [Character] {
        get { characters }
        set {
            characters = newValue
            text = Self.joined(newValue)
        }
    }
    /// The draft as a string, kept with ``chars`` (read several times per key).
    package private(set) var text = ""
    /// The cursor, as an index into ``chars`` (0…count).
    private(set) var cursor = 0
    /// Killed texts (Ctrl-K/U/W, Alt-D), oldest first; Ctrl-Y inserts the newest, Alt-Y cycles.
    private(set) var killRing: [String] = []
    /// The most recent killed text, inserted again by Ctrl-Y.
    var killBuffer: String { killRing.last ?? "" }
    /// The text the last yank inserted (start index, length, ring position), for Alt-Y.
    private var lastYank: YankMark?
    /// Sent drafts, oldest first.
    package private(set) var history: [String] = []
    private var historyIndex: Int?
    private var stashedDraft = ""
    private var undoStack: [Snapshot] = []
    private var redoStack: [Snapshot] = []
    private var inTypingRun = false

    /// Where the last yank put its text and which kill it was.
    private struct YankMark: Equatable, Sendable {
        var start: Int
        var count: Int
        var ring: Int
    }

    /// Draft and cursor as they were before an edit, for undo.
    private struct Snapshot: Equatable, Sendable {
        var chars: [Character]
        var cursor: Int
    }

    /// Most killed texts kept in the kill ring.
    static let killRingLimit = 30
    /// Most edits remembered for undo.
    static let undoLimit = 100
    /// Most entries kept in history.
    static let historyLimit = 200

    /// Creates an empty composer.
    init() {}

    /// The characters as one string (appending avoids the generic sequence initialiser, which
    /// casts dynamically and was a tenth of a key's work).
    private static func joined(_ chars: [Character]) -> String {
        var text = ""
        for character in chars { text.append(character) }
        return text
    }

    /// True when nothing is typed.
    var isEmpty: Bool { chars.isEmpty }

    // MARK: Editing

    /// Inserts text at the cursor (newlines allowed), merging combining marks with what precedes them.
    mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        // A typed printable ASCII character between ASCII neighbours cannot join a grapheme
        // cluster with either of them: it goes in as one element.
        if string.utf8.count == 1, ByteScan.isPrintableASCII(string),
           cursor == 0 || chars[cursor - 1].isASCII, cursor == chars.count || chars[cursor].isASCII {
            characters.insert(Character(string), at: cursor)
            if cursor + 1 == characters.count { text += string } else { text = Self.joined(characters) }
            cursor += 1
            historyIndex = nil
            return
        }
        let before = String(chars[..<cursor]) + string
        let newPrefix = Array(before)
        chars = Array(before + String(chars[cursor...]))
        cursor = min(newPrefix.count, chars.count)
        historyIndex = nil
    }

    /// Replaces the whole draft and puts the cursor at its end.
    mutating func setText(_ string: String) {
        chars = Array(string)
        cursor = chars.count
    }

    /// Clears the draft (history and kill buffer stay; undo starts afresh).
    package mutating func clear() {
        chars = []
        cursor = 0
        historyIndex = nil
        undoStack = []
        redoStack = []
    }

    /// Deletes the character before the cursor.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        if cursor == characters.count {
            // The text is its characters joined: its last scalars are the last character's (its
            // last grapheme cluster may be more, as a lone combining mark joins the one before).
            let removed = characters.removeLast()
            text.unicodeScalars.removeLast(removed.unicodeScalars.count)
        } else {
            chars.remove(at: cursor - 1)
        }
        cursor -= 1
    }

    /// Deletes the character under the cursor.
    mutating func deleteForward() {
        guard cursor < chars.count else { return }
        chars.remove(at: cursor)
    }

    // MARK: Moving

    /// Moves one character left.
    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// Moves one character right.
    mutating func moveRight() { cursor = min(chars.count, cursor + 1) }
    /// Moves to the start of the current line.
    mutating func moveToLineStart() { cursor = lineStart(of: cursor) }
    /// Moves to the end of the current line.
    mutating func moveToLineEnd() { cursor = lineEnd(of: cursor) }
    /// Moves to the start of the previous word.
    mutating func moveWordLeft() { cursor = wordStartBefore(cursor) }
    /// Moves past the end of the next word.
    mutating func moveWordRight() { cursor = wordEndAfter(cursor) }
    /// Moves the cursor to an absolute index (clamped).
    mutating func moveTo(_ index: Int) { cursor = max(0, min(chars.count, index)) }

    // MARK: Kill and yank

    /// Kills from the cursor to the end of the line (or the newline itself at a line end).
    mutating func killToLineEnd() {
        var end = lineEnd(of: cursor)
        if end == cursor && end < chars.count { end += 1 }
        kill(cursor..<end)
    }

    /// Kills from the start of the line to the cursor.
    mutating func killToLineStart() {
        let start = lineStart(of: cursor)
        kill(start..<cursor)
        cursor = start
    }

    /// Kills the word before the cursor.
    mutating func killWordBackward() {
        let start = wordStartBefore(cursor)
        kill(start..<cursor)
        cursor = start
    }

    /// Kills the word after the cursor.
    mutating func killWordForward() {
        kill(cursor..<wordEndAfter(cursor))
    }

    /// Inserts the newest killed text at the cursor.
    mutating func yank() {
        guard let text = killRing.last else { return }
        let start = cursor
        insert(text)
        lastYank = YankMark(start: start, count: cursor - start, ring: killRing.count - 1)
    }

    /// Right after a yank: replaces the yanked text with the next older kill (Alt-Y, cycling).
    /// Returns false when the previous key was not a yank.
    @discardableResult
    mutating func yankPop() -> Bool {
        guard let last = lastYank, killRing.count > 0, last.start + last.count <= chars.count else { return false }
        let ring = (last.ring - 1 + killRing.count) % killRing.count
        chars.removeSubrange(last.start..<(last.start + last.count))
        cursor = last.start
        insert(killRing[ring])
        lastYank = YankMark(start: last.start, count: cursor - last.start, ring: ring)
        return true
    }

    /// Forgets the last yank (any key but Ctrl-Y and Alt-Y), so Alt-Y needs a fresh yank.
    mutating func endYank() { lastYank = nil }

    private mutating func kill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        killRing.append(String(chars[range]))
        if killRing.count > Self.killRingLimit { killRing.removeFirst() }
        chars.removeSubrange(range)
    }

    // MARK: Undo

    /// Remembers the draft before an edit; a run of typed text is one undo step.
    mutating func checkpoint(typing: Bool = false) {
        defer { inTypingRun = typing }
        if typing && inTypingRun { return }
        let snapshot = Snapshot(chars: chars, cursor: cursor)
        guard undoStack.last != snapshot else { return }
        redoStack = []
        undoStack.append(snapshot)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
    }

    /// Ends a run of typing (after a move or any other key), so the next text is a new undo step.
    mutating func breakTypingRun() { inTypingRun = false }

    /// Puts back the draft as it was before the last edit; returns false when there is none.
    @discardableResult
    mutating func undo() -> Bool {
        guard let snapshot = undoStack.popLast() else { return false }
        redoStack.append(Snapshot(chars: chars, cursor: cursor))
        chars = snapshot.chars
        cursor = min(snapshot.cursor, chars.count)
        inTypingRun = false
        return true
    }

    /// Puts back what the last undo took away; returns false when there is nothing to redo.
    @discardableResult
    mutating func redo() -> Bool {
        guard let snapshot = redoStack.popLast() else { return false }
        undoStack.append(Snapshot(chars: chars, cursor: cursor))
        chars = snapshot.chars
        cursor = min(snapshot.cursor, chars.count)
        inTypingRun = false
        return true
    }

    // MARK: History

    /// Replaces the history (loaded from the profile's history file), newest last.
    package mutating func loadHistory(_ entries: [String]) {
        history = Array(entries.suffix(Self.historyLimit))
        historyIndex = nil
    }

    /// Records a sent draft (consecutive duplicates kept once) and resets browsing.
    package mutating func remember(_ entry: String) {
        historyIndex = nil
        guard !entry.isEmpty, history.last != entry else { return }
        history.append(entry)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
    }

    /// Shows the previous history entry; the unsent draft is kept for the way back.
    mutating func historyPrevious() {
        guard !history.isEmpty else { return }
        let index: Int
        if let current = historyIndex {
            index = max(0, current - 1)
        } else {
            stashedDraft = text
            index = history.count - 1
        }
        historyIndex = index
        setText(history[index])
    }

    /// Shows the next history entry, or the stashed draft after the newest.
    mutating func historyNext() {
        guard let current = historyIndex else { return }
        if current + 1 < history.count {
            historyIndex = current + 1
            setText(history[current + 1])
        } else {
            historyIndex = nil
            setText(stashedDraft)
        }
    }

    // MARK: Positions

    /// Index of the first character of the line holding `index`.
    func lineStart(of index: Int) -> Int {
        var i = index
        while i > 0 && chars[i - 1] != "\n" { i -= 1 }
        return i
    }

    /// Index of the newline (or end) closing the line holding `index`.
    func lineEnd(of index: Int) -> Int {
        var i = index
        while i < chars.count && chars[i] != "\n" { i += 1 }
        return i
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_"
    }

    private func wordStartBefore(_ index: Int) -> Int {
        var i = index
        while i > 0 && !Self.isWordCharacter(chars[i - 1]) { i -= 1 }
        while i > 0 && Self.isWordCharacter(chars[i - 1]) { i -= 1 }
        return i
    }

    private func wordEndAfter(_ index: Int) -> Int {
        var i = index
        while i < chars.count && !Self.isWordCharacter(chars[i]) { i += 1 }
        while i < chars.count && Self.isWordCharacter(chars[i]) { i += 1 }
        return i
    }
}
