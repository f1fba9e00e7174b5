/// Visual attributes of a run of text: SGR flags, colours and an optional hyperlink target.
public struct TextStyle: Sendable, Hashable {
    /// Bold (SGR 1).
    public var bold: Bool
    /// Italic (SGR 3).
    public var italic: Bool
    /// Underline (SGR 4).
    public var underline: Bool
    /// Strikethrough (SGR 9).
    public var strikethrough: Bool
    /// Dim / faint (SGR 2).
    public var dim: Bool
    /// Reverse video (SGR 7).
    public var inverse: Bool
    /// Foreground colour, or nil for the terminal default.
    public var foreground: TerminalColor?
    /// Background colour, or nil for the terminal default.
    public var background: TerminalColor?
    /// URL the text links to (emitted as OSC 8 when hyperlinks are enabled).
    public var link: String?

    /// Creates a style; every attribute defaults to off / nil.
    public init(
        bold: Bool = false, italic: Bool = false, underline: Bool = false,
        strikethrough: Bool = false, dim: Bool = false, inverse: Bool = false,
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, link: String? = nil
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.dim = dim
        self.inverse = inverse
        self.foreground = foreground
        self.background = background
        self.link = link
    }

    /// The style with no attributes at all.
    public static let plain = TextStyle()

    /// Returns this style with `other` layered on top: flags are OR-ed, set colours and links win.
    public func merged(with other: TextStyle) -> TextStyle {
        var result = self
        result.bold = bold || other.bold
        result.italic = italic || other.italic
        result.underline = underline || other.underline
        result.strikethrough = strikethrough || other.strikethrough
        result.dim = dim || other.dim
        result.inverse = inverse || other.inverse
        if let colour = other.foreground { result.foreground = colour }
        if let colour = other.background { result.background = colour }
        if let url = other.link { result.link = url }
        return result
    }

    /// This style without colours (used for `ColorMode.none`).
    public var withoutColors: TextStyle {
        var result = self
        result.foreground = nil
        result.background = nil
        return result
    }
}
