/// Whether the terminal is drawn in colour (`--color`): detected, always, or never.
public enum TerminalColorChoice: String, Sendable, CaseIterable {
    /// Detect from `NO_COLOR`, `COLORTERM`, `TERM` and the terminal's capabilities.
    case auto
    /// Use colour whenever the terminal can show it, even with `NO_COLOR` set.
    case always
    /// Never use colour; bold and underline still show.
    case never
}
