import MarkdownANSI

/// Maps MarkdownANSI colours to curses colour numbers for the terminal's depth.
///
/// With direct colour (a terminal description with the `RGB` flag, such as `xterm-direct`),
/// curses colour numbers are `0xRRGGBB` values, except that numbers below 8 still mean the
/// eight basic ANSI colours; RGB values that small are nudged to 8 (a near-black). Otherwise
/// truecolor is quantised to the 256-colour cube and 256-colour values to the 16 ANSI colours.
struct ColorMapper: Sendable {
    /// The colour depth drawn with.
    let mode: ColorMode

    /// The curses colour number, or -1 (terminal default) for nil or when colour is off.
    func curses(_ color: TerminalColor?) -> Int32 {
        guard let color, mode != .none else { return -1 }
        if mode == .truecolor {
            if case .ansi(let n) = color, n < 8 { return Int32(n) }
            let (r, g, b) = color.rgbComponents
            return max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        }
        switch color.downsampled(to: mode) {
        case .ansi(let n)?: return Int32(n & 15)
        case .palette(let n)?: return Int32(n)
        case .rgb?, nil: return -1
        }
    }
}
