/// SGR attributes of a span as they will be drawn (colours already downsampled, no link).
struct DrawnStyle: Equatable {
    /// The on/off attributes.
    struct Flags: Equatable {
        var bold = false, italic = false, underline = false, strikethrough = false, dim = false, inverse = false
    }

    var flags: Flags
    var foreground: TerminalColor?
    var background: TerminalColor?
    /// Everything above packed into one integer (flags, then each colour's kind and value), for cheap comparisons.
    let key: UInt64

    /// No attributes, default colours.
    static let plain = DrawnStyle(flags: Flags(), foreground: nil, background: nil)

    init(flags: Flags, foreground: TerminalColor?, background: TerminalColor?) {
        self.flags = flags
        self.foreground = foreground
        self.background = background
        key = DrawnStyle.pack(flags, foreground, background)
    }

    /// `style` as drawn in `mode`.
    init(_ style: TextStyle, mode: ColorMode) {
        let flags = Flags(
            bold: style.bold, italic: style.italic, underline: style.underline,
            strikethrough: style.strikethrough, dim: style.dim, inverse: style.inverse)
        if mode == .truecolor {
            self.init(flags: flags, foreground: style.foreground, background: style.background)
        } else {
            self.init(
                flags: flags,
                foreground: style.foreground.flatMap { ColorConversion.downsample($0, to: mode) },
                background: style.background.flatMap { ColorConversion.downsample($0, to: mode) })
        }
    }

    /// Two drawn styles are equal when their packed keys are.
    static func == (lhs: DrawnStyle, rhs: DrawnStyle) -> Bool {
        lhs.key == rhs.key
    }

    /// Packs flags (6 bits) and both colours (2 bits of kind + 24 bits of value each) into 58 bits.
    private static func pack(_ flags: Flags, _ foreground: TerminalColor?, _ background: TerminalColor?) -> UInt64 {
        var bits: UInt64 = 0
        if flags.bold { bits |= 1 }
        if flags.italic { bits |= 2 }
        if flags.underline { bits |= 4 }
        if flags.strikethrough { bits |= 8 }
        if flags.dim { bits |= 16 }
        if flags.inverse { bits |= 32 }
        return bits | pack(foreground) << 6 | pack(background) << 32
    }

    /// One colour in 26 bits: kind (0 default, 1 ANSI, 2 palette, 3 RGB) and value.
    private static func pack(_ color: TerminalColor?) -> UInt64 {
        guard let color else { return 0 }
        switch color {
        case .ansi(let index): return 1 | UInt64(index) << 2
        case .palette(let index): return 2 | UInt64(index) << 2
        case .rgb(let r, let g, let b): return 3 | UInt64(r) << 2 | UInt64(g) << 10 | UInt64(b) << 18
        }
    }
}
