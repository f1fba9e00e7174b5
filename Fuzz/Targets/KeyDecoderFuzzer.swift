import Foundation
@testable import TerminalRuntime

// The terminal key decoder on arbitrary terminal input (what a paste, a hostile program's output
// echoed back, or a confused terminal may send). Input bytes are an op stream:
//   0xF8            end of one drain of input (`endOfInput`)
//   0xF9 b          a key ncurses recognised itself (`RawInput.key`), from a table
//   0xFA b0 b1 b2 b3  a raw `wget_wch` code (little endian, any value)
//   a UTF-8 sequence  its scalar; any other byte: that code
// Invariants: typed text and pastes carry no control characters (but "\n" and tab in a paste);
// Alt and Ctrl keys are printable / letters; clicks are on the screen (row, column >= 0); and
// after enough empty drains the decoder is back to normal (plain text decodes as text).

let ncursesKeys: [Key] = [
    .enter, .backspace, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .delete, .resize, .backTab,
    .tab, .function(1), .function(12), .escape,
]

func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

func check(_ key: Key) {
    switch key {
    case .text(let text):
        require(!text.isEmpty, "an empty text key")
        require(!text.unicodeScalars.contains(where: isControl), "a control character in typed text \(text.debugDescription)")
    case .paste(let text):
        require(
            !text.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\t" },
            "a control character in a paste \(text.debugDescription)")
    case .alt(let character):
        require(!character.unicodeScalars.contains(where: { $0.value < 0x20 }), "Alt with a control character")
    case .ctrl(let character):
        require(("a"..."z").contains(character) || character == "_", "Ctrl-\(character.debugDescription)")
    case .click(let row, let column):
        require(row >= 0 && column >= 0, "a click off the screen at row \(row), column \(column)")
    default:
        break
    }
}

/// Decodes one UTF-8 sequence starting at `index`, or nil.
func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
    guard length > 0, index + length <= bytes.count else { return nil }
    var decoder = UTF8()
    var iterator = bytes[index..<(index + length)].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return (scalar, length)
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size).bytes
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case 0xF8:
            decoder.endOfInput(into: &keys)
        case 0xF9:
            let pick = index < bytes.count ? Int(bytes[index]) : 0
            index += 1
            decoder.feed(.key(ncursesKeys[pick % ncursesKeys.count]), into: &keys)
        case 0xFA:
            var code: UInt32 = 0
            for shift in 0..<4 where index < bytes.count {
                code |= UInt32(bytes[index]) << (8 * shift)
                index += 1
            }
            decoder.feed(.char(code), into: &keys)
        default:
            if byte >= 0xC2, let (scalar, length) = scalar(in: bytes, at: index - 1) {
                index += length - 1
                decoder.feed(.char(scalar.value), into: &keys)
            } else {
                decoder.feed(.char(UInt32(byte)), into: &keys)
            }
        }
    }
    decoder.endOfInput(into: &keys)
    keys.forEach(check)

    // Never stuck: after enough quiet drains, typed text reads as text again.
    for _ in 0..<110 {
        var drained: [Key] = []
        decoder.endOfInput(into: &drained)
        drained.forEach(check)
    }
    require(!decoder.isInPaste, "still in a paste after 110 empty drains")
    var after: [Key] = []
    decoder.feed(.char(0x71), into: &after)
    decoder.endOfInput(into: &after)
    require(after == [.text("q")], "the decoder did not return to normal: 'q' read as \(after)")
    return 0
}
