import CLibedit
import Foundation
import MarkdownANSI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A line editor for front ends that print line after line: libedit (emacs keys, history, `~/.editrc`)
/// on a thread of its own that is the only writer to the terminal.
///
/// libedit is not thread-safe, and a line printed by another thread while it edits would garble the
/// line being typed. So one thread owns both: it waits (`poll`) on stdin and on a wake-up pipe, hands
/// each key to libedit (`el_gets` in unbuffered mode, one key per call), and prints what ``say(_:)``
/// queued between keys. A line printed while the user types goes where the prompt was (carriage
/// return, the line, padded with spaces over what the prompt and the draft covered), and the prompt
/// and the draft are drawn again below it. libedit draws as on a dumb terminal, so the byte stream
/// holds no cursor addressing and no erase sequences: carriage return, backspace and spaces only.
///
/// When stdin is not a terminal, or the terminal does not echo (Emacs' shell buffers do the editing
/// themselves), there is no prompt and no editing: lines are read as they come.
public final class LineEditor: Sendable {
    /// What the editor thread is asked to do.
    private enum Request: Sendable {
        case say(String)
        case prompt(String)
        case suspended(@Sendable () -> Void)
        case stop
    }

    private let requests = Mutex<[Request]>([])
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = Mutex(false)
    /// The lines typed, in order; finishes at end of input (Ctrl-D on an empty line, or EOF).
    public let lines: AsyncStream<String>
    /// Each line as it is entered (for the history file), before it is handed to ``lines``.
    private let entered: @Sendable (String) -> Void
    /// True when the terminal allows editing (a prompt, keys, history); false when lines are read
    /// as they come (a pipe, or a terminal that does not echo).
    public let isEditing: Bool

    /// Starts the editor thread with `prompt` and `history` (oldest first); `entered` is told every
    /// non-empty line typed (to keep the history file).
    public init(prompt: String, history: [String], entered: @escaping @Sendable (String) -> Void = { _ in }) {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        wakeRead = descriptors[0]
        wakeWrite = descriptors[1]
        if wakeWrite >= 0 { _ = fcntl(wakeWrite, F_SETFL, fcntl(wakeWrite, F_GETFL) | O_NONBLOCK) }
        self.entered = entered
        let editing = EditorLoop.canEdit
        isEditing = editing
        let (stream, continuation) = AsyncStream<String>.makeStream()
        lines = stream
        let thread = Thread { [self] in
            var loop = EditorLoop(prompt: prompt, history: history, editing: editing)
            self.serve(&loop, continuation: continuation)
        }
        thread.name = "helpline-line-editor"
        thread.start()
    }

    /// Prints `text` (one or more lines) above the prompt; the line being typed is kept.
    public func say(_ text: String) { post(.say(text)) }

    /// Changes the prompt (drawn again at once).
    public func setPrompt(_ prompt: String) { post(.prompt(prompt)) }

    /// Runs `body` on the editor thread with the terminal as it was found (for `$EDITOR`); no key is
    /// read meanwhile. Returns what `body` returned.
    public func whileSuspended<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
            post(.suspended { done.resume(returning: body()) })
        }
    }

    /// Prints what is queued, puts the terminal back as it was found and ends the thread; returns
    /// once that is done (or after two seconds, should the thread be stuck in a read).
    public func stop() {
        post(.stop)
        let deadline = ContinuousClock.now + .seconds(2)
        while !finished.withLock({ $0 }), ContinuousClock.now < deadline { usleep(5_000) }
    }

    private func post(_ request: Request) {
        requests.withLock { $0.append(request) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The editor thread: keys to libedit, queued lines to the terminal, until stopped.
    private func serve(_ loop: inout EditorLoop, continuation: AsyncStream<String>.Continuation) {
        defer {
            loop.close()
            // What came after the stop: lines are dropped, but a caller awaiting a suspension is answered.
            for case .suspended(let body) in requests.withLock({ queued in defer { queued.removeAll() }; return queued }) { body() }
            continuation.finish()
            close(wakeRead)
            close(wakeWrite)
            finished.withLock { $0 = true }
        }
        var inputOpen = true
        while true {
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if inputOpen { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = read(wakeRead, &drain, drain.count)
                for request in requests.withLock({ queued in defer { queued.removeAll() }; return queued }) {
                    switch request {
                    case .say(let text): loop.say(text)
                    case .prompt(let prompt): loop.setPrompt(prompt)
                    case .suspended(let body): loop.suspended(body)
                    case .stop: return
                    }
                }
            }
            guard inputOpen, descriptors.count > 1, descriptors[1].revents != 0 else { continue }
            switch loop.readKey() {
            case .nothing where descriptors[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0:
                // The terminal went away and the read failed: no key will come any more.
                inputOpen = false
                continuation.finish()
            case .nothing:
                break
            case .line(let line):
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { entered(line) }
                continuation.yield(line)
            case .end:
                inputOpen = false
                continuation.finish()
            }
        }
    }
}

/// What one read from stdin gave.
enum EditorRead {
    /// A key that edits the line (or nothing complete yet).
    case nothing
    /// A complete line, without its newline.
    case line(String)
    /// End of input.
    case end
}

/// The editor thread's state: libedit when the terminal allows editing, else plain reads.
struct EditorLoop {
    private var editor: UnsafeMutablePointer<cle_editor>?
    private var prompt: String
    /// Bytes read without editing that do not make a line yet.
    private var pending: [UInt8] = []
    /// The terminal mode found at the start, put back at the end.
    private var savedMode = termios()
    private var haveSavedMode = false

    init(prompt: String, history: [String], editing: Bool) {
        self.prompt = prompt
        guard editing else { return }
        if tcgetattr(STDIN_FILENO, &savedMode) == 0 { haveSavedMode = true }
        Self.useUTF8()
        guard let editor = cle_open("helpline", 500) else { return }
        for entry in history { cle_history_add(editor, entry) }
        cle_set_prompt(editor, prompt)
        cle_set_unbuffered(editor, 1)
        cle_flush_stdout()
        self.editor = editor
    }

    /// True when stdin and stdout are a terminal that echoes (line editing makes sense).
    static var canEdit: Bool {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else { return false }
        var mode = termios()
        return tcgetattr(STDIN_FILENO, &mode) == 0 && mode.c_lflag & tcflag_t(ECHO) != 0
    }

    /// libedit reads multibyte characters by the C locale: UTF-8, as the rest of Helpline writes.
    private static func useUTF8() {
        let locale = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if !locale.uppercased().contains("UTF") { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// Columns the prompt and the draft cover now.
    private var shownWidth: Int {
        guard let editor else { return 0 }
        var length: Int32 = 0
        guard let bytes = cle_line(editor, &length), length > 0 else { return TerminalWidth.of(prompt) }
        let draft = String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
        return TerminalWidth.of(prompt) + TerminalWidth.of(draft)
    }

    /// Prints `text` where the prompt is, then the prompt and the draft again below it.
    mutating func say(_ text: String) {
        guard let editor else {
            _ = StandardStreams.write(text + "\n", to: STDOUT_FILENO)
            return
        }
        cle_flush_stdout()
        let shown = shownWidth
        let columns = TerminalGeometry.columns() ?? 80
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if shown < columns, let first = lines.first {
            // Over the prompt's own row: the first line covers what the prompt and the draft showed.
            lines[0] = "\r" + first + String(repeating: " ", count: max(0, shown - TerminalWidth.of(first)))
        } else {
            lines.insert("", at: 0)  // the draft wrapped: leave it, start below it
        }
        _ = StandardStreams.write(lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO)
        cle_refresh(editor)
        cle_flush_stdout()
    }

    /// Changes the prompt and draws it (with the draft) again on its row.
    mutating func setPrompt(_ prompt: String) {
        guard let editor else {
            self.prompt = prompt
            return
        }
        cle_flush_stdout()
        let shown = shownWidth
        self.prompt = prompt
        cle_set_prompt(editor, prompt)
        _ = StandardStreams.write("\r" + String(repeating: " ", count: shown) + "\r", to: STDOUT_FILENO)
        cle_refresh(editor)
        cle_flush_stdout()
    }

    /// Runs `body` with the terminal out of edit mode, then shows the prompt again.
    mutating func suspended(_ body: () -> Void) {
        guard let editor else { return body() }
        cle_flush_stdout()
        _ = StandardStreams.write("\n", to: STDOUT_FILENO)
        cle_set_unbuffered(editor, 0)
        if haveSavedMode { tcsetattr(STDIN_FILENO, TCSANOW, &savedMode) }
        body()
        cle_set_unbuffered(editor, 1)
        cle_flush_stdout()
    }

    /// Reads what stdin has: one key for libedit, or whatever bytes are there without editing.
    mutating func readKey() -> EditorRead {
        guard let editor else { return readPlain() }
        var count: Int32 = 0
        // libedit answers a key that leaves an empty line empty (an arrow key, Ctrl-A, a lone
        // Escape) with no line and a count of -1; only 0 is the end of input.
        guard let bytes = cle_read(editor, &count) else { return count < 0 ? .nothing : .end }
        guard count > 0 else { return .nothing }
        let raw = UnsafeRawBufferPointer(start: bytes, count: Int(count))
        if count == 1, raw[0] == UInt8(cle_eof_character()) { return .end }
        guard raw[Int(count) - 1] == UInt8(ascii: "\n") || raw[Int(count) - 1] == UInt8(ascii: "\r") else { return .nothing }
        let line = String(decoding: raw.dropLast(), as: UTF8.self)
        // Finishing the line restores the terminal; starting the next prints the prompt again.
        cle_set_unbuffered(editor, 0)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { cle_history_add(editor, line) }
        cle_set_unbuffered(editor, 1)
        cle_flush_stdout()
        return .line(line)
    }

    private mutating func readPlain() -> EditorRead {
        if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            defer { pending.removeSubrange(...newline) }
            return .line(Self.text(pending[..<newline]))
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
        guard count > 0 else {
            if pending.isEmpty { return .end }
            defer { pending.removeAll() }
            return .line(Self.text(pending[...]))
        }
        pending += buffer[..<count]
        guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return .nothing }
        defer { pending.removeSubrange(...newline) }
        return .line(Self.text(pending[..<newline]))
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }

    /// Leaves the prompt's row empty and the terminal as it was found.
    mutating func close() {
        guard let editor else { return }
        cle_flush_stdout()
        let shown = shownWidth
        _ = StandardStreams.write("\r" + String(repeating: " ", count: shown) + "\r", to: STDOUT_FILENO)
        cle_set_unbuffered(editor, 0)
        cle_close(editor)
        self.editor = nil
        if haveSavedMode { tcsetattr(STDIN_FILENO, TCSANOW, &savedMode) }
    }
}

/// The terminal's size from the kernel.
enum TerminalGeometry {
    /// Columns of the terminal on stdout, if it is one.
    static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
