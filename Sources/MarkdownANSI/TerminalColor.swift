/// A terminal colour: one of the 16 ANSI colours, a 256-colour palette index, or 24-bit RGB.
public enum TerminalColor: Sendable, Hashable {
    /// One of the 16 standard ANSI colours (0–15).
    case ansi(UInt8)
    /// An xterm 256-colour palette index (0–255).
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}
