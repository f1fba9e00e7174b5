/// How many colours the output terminal can show.
public enum ColorMode: Sendable, Hashable {
    /// No colour; bold, italic, underline and strikethrough are still emitted.
    case none
    /// The 16 basic ANSI colours.
    case ansi16
    /// The xterm 256-colour palette.
    case ansi256
    /// 24-bit colour.
    case truecolor

    /// Picks a mode from the environment: `NO_COLOR` (non-empty) or no TTY → `.none`, then `COLORTERM`, then `TERM`.
    public static func detect(environment: [String: String], isTTY: Bool) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard isTTY else { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        if term.contains("truecolor") || term.contains("direct") { return .truecolor }
        if term.contains("256") { return .ansi256 }
        return .ansi16
    }
}
