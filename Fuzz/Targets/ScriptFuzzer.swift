import Foundation

// `helpline script` files (docs/scripting.md), parsed by `ScriptParser` (its two source files are
// compiled into this harness: the HelplineScript module itself pulls in the whole network stack).
// Invariants: no crash; an error is one line naming the file and a line of it (0 for the whole
// file); a parsed script has steps, on increasing lines that exist, whose source is one trimmed,
// non-comment line; every time limit is within 0…600 s; picks are 1 or more.

func checkDuration(_ duration: Duration?, _ source: String) {
    guard let duration else { return }
    require(duration >= .zero && duration <= ScriptParser.longestDuration, "a time limit of \(duration) from \(source.debugDescription)")
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let text = input.restString()
    let lineCount = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    let script: Script
    do {
        script = try ScriptParser.parse(text, name: "fuzz", file: "script")
    } catch {
        let message = "\(error)"
        require(
            !message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
            "an error with a control character (not one line, or a terminal escape): \(message.debugDescription)")
        require(message.hasPrefix("script:"), "an error without the file: \(message.debugDescription)")
        let number = Int(message.dropFirst("script:".count).prefix { $0.isNumber })
        require(number.map { (0...lineCount).contains($0) } ?? false, "an error naming no line of the file: \(message)")
        return 0
    }
    require(!script.steps.isEmpty, "a script without steps")
    var previous = 0
    for step in script.steps {
        require(step.line > previous && step.line <= lineCount, "step line \(step.line) after \(previous) of \(lineCount)")
        previous = step.line
        let source = step.source
        require(!source.isEmpty && !source.hasPrefix("#"), "a step from a blank or comment line: \(source.debugDescription)")
        // A lone CR inside a line is the line's content; a line ends at LF or CRLF.
        require(
            !source.unicodeScalars.contains("\n") && source.unicodeScalars.last != "\r",
            "a step's source spans lines: \(source.debugDescription)")
        switch step.action {
        case .expect(_, let within), .expectEvent(_, _, let within): checkDuration(within, source)
        case .wait(let duration): checkDuration(duration, source)
        case .pick(let number): require(number >= 1, "pick \(number)")
        default: break
        }
    }
    return 0
}
