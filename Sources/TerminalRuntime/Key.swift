/// One decoded key press (or paste, wheel notch, resize) from the terminal.
package enum Key: Hashable, Sendable {
    /// Printable text typed by the user (one or more characters from one read).
    case text(String)
    /// Ctrl plus a letter, as the lowercase letter (`ctrl("a")` for Ctrl-A).
    case ctrl(Character)
    /// Alt (Meta) plus a printable character.
    case alt(Character)
    /// A bracketed paste, newlines normalised to `\n`.
    case paste(String)
    case enter, altEnter, tab, backTab, backspace, altBackspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    case ctrlLeft, ctrlRight, ctrlHome, ctrlEnd
    case wheelUp, wheelDown
    /// A left click at a screen cell (0-based), where the terminal reports clicks.
    case click(row: Int, column: Int)
    case resize
    /// The terminal window gained (`CSI I`) or lost (`CSI O`) focus (mode 1004).
    case focusIn, focusOut
    /// A function key F1…F12.
    case function(Int)
}
