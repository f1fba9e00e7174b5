/// SGR attributes of a span as they will be drawn (colours already downsampled, no link).
struct DrawnStyle: Equatable {
    /// The on/off attributes.
    struct Flags: Equatable {
        var bold = false, italic = false, underline = false, strikethrough = false, dim = false, inverse = false
    }

    var flags: Flags
    var foreground: TerminalColor?
    var background: TerminalColor?

    /// No attributes, default colours.
    static let plain = DrawnStyle(flags: Flags(), foreground: nil, background: nil)

    init(flags: Flags, foreground: TerminalColor?, background: TerminalColor?) {
        self.flags = flags
        self.foreground = foreground
        self.background = background
    }

    /// `style` as drawn in `mode`.
    init(_ style: TextStyle, mode: ColorMode) {
        flags = Flags(
            bold: style.bold, italic: style.italic, underline: style.underline,
            strikethrough: style.strikethrough, dim: style.dim, inverse: style.inverse)
        if mode == .truecolor {
            foreground = style.foreground
            background = style.background
        } else {
            foreground = style.foreground.flatMap { ColorConversion.downsample($0, to: mode) }
            background = style.background.flatMap { ColorConversion.downsample($0, to: mode) }
        }
    }
}
