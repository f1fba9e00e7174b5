/// The styles the markdown renderer uses for each construct.
public struct Theme: Sendable, Hashable {
    /// Name used by `Theme.named(_:)` and the `--theme` option.
    public var name: String
    /// Body text.
    public var text: TextStyle
    /// Headings, index 0 for level 1 through index 5 for level 6.
    public var headings: [TextStyle]
    /// `*emphasis*`.
    public var emphasis: TextStyle
    /// `**strong**`.
    public var strong: TextStyle
    /// `~~strikethrough~~`.
    public var strikethrough: TextStyle
    /// `` `code` `` spans.
    public var codeSpan: TextStyle
    /// Fenced and indented code blocks (usually with a background).
    public var codeBlock: TextStyle
    /// The hard-wrap marker inside code blocks.
    public var wrapMarker: TextStyle
    /// Link text.
    public var link: TextStyle
    /// The ` (url)` shown after link text.
    public var linkURL: TextStyle
    /// Image placeholders `[image: alt](url)`.
    public var image: TextStyle
    /// Block quote bars `│ `.
    public var quoteBar: TextStyle
    /// Text inside block quotes (layered over body text).
    public var quoteText: TextStyle
    /// Bullets and ordered-list numbers.
    public var listMarker: TextStyle
    /// Unchecked task box.
    public var taskOpen: TextStyle
    /// Checked task box.
    public var taskDone: TextStyle
    /// Thematic breaks and heading rules.
    public var rule: TextStyle
    /// Table borders.
    public var tableBorder: TextStyle
    /// Table header cells.
    public var tableHeader: TextStyle

    /// Style of heading `level` (1…6, clamped).
    public func heading(_ level: Int) -> TextStyle {
        headings[max(0, min(headings.count - 1, level - 1))]
    }

    /// Dark-terminal friendly colours.
    public static let `default` = Theme(
        name: "default",
        text: .plain,
        headings: [
            TextStyle(bold: true, underline: true, foreground: .rgb(0xFF, 0xAF, 0x5F)),
            TextStyle(bold: true, foreground: .rgb(0x5F, 0xAF, 0xFF)),
            TextStyle(bold: true, foreground: .rgb(0x87, 0xD7, 0x87)),
            TextStyle(bold: true, foreground: .rgb(0xD7, 0xAF, 0xFF)),
            TextStyle(bold: true, italic: true),
            TextStyle(italic: true, dim: true),
        ],
        emphasis: TextStyle(italic: true),
        strong: TextStyle(bold: true),
        strikethrough: TextStyle(strikethrough: true, dim: true),
        codeSpan: TextStyle(foreground: .rgb(0xFF, 0x87, 0x87), background: .rgb(0x30, 0x30, 0x30)),
        codeBlock: TextStyle(foreground: .rgb(0xE4, 0xE4, 0xE4), background: .rgb(0x26, 0x26, 0x26)),
        wrapMarker: TextStyle(dim: true, foreground: .rgb(0x80, 0x80, 0x80), background: .rgb(0x26, 0x26, 0x26)),
        link: TextStyle(underline: true, foreground: .rgb(0x5F, 0xD7, 0xFF)),
        linkURL: TextStyle(dim: true, foreground: .rgb(0x80, 0x80, 0x80)),
        image: TextStyle(italic: true, foreground: .rgb(0xAF, 0x87, 0xFF)),
        quoteBar: TextStyle(foreground: .rgb(0x6C, 0x6C, 0x6C)),
        quoteText: TextStyle(italic: true, foreground: .rgb(0xBC, 0xBC, 0xBC)),
        listMarker: TextStyle(foreground: .rgb(0xFF, 0xAF, 0x5F)),
        taskOpen: TextStyle(foreground: .rgb(0xBC, 0xBC, 0xBC)),
        taskDone: TextStyle(foreground: .rgb(0x87, 0xD7, 0x87)),
        rule: TextStyle(foreground: .rgb(0x58, 0x58, 0x58)),
        tableBorder: TextStyle(foreground: .rgb(0x6C, 0x6C, 0x6C)),
        tableHeader: TextStyle(bold: true, foreground: .rgb(0x5F, 0xAF, 0xFF))
    )

    /// Colours for light-background terminals.
    public static let light = Theme(
        name: "light",
        text: .plain,
        headings: [
            TextStyle(bold: true, underline: true, foreground: .rgb(0xAF, 0x50, 0x00)),
            TextStyle(bold: true, foreground: .rgb(0x00, 0x5F, 0xAF)),
            TextStyle(bold: true, foreground: .rgb(0x00, 0x87, 0x00)),
            TextStyle(bold: true, foreground: .rgb(0x87, 0x00, 0xAF)),
            TextStyle(bold: true, italic: true),
            TextStyle(italic: true, dim: true),
        ],
        emphasis: TextStyle(italic: true),
        strong: TextStyle(bold: true),
        strikethrough: TextStyle(strikethrough: true, dim: true),
        codeSpan: TextStyle(foreground: .rgb(0xAF, 0x00, 0x00), background: .rgb(0xEE, 0xEE, 0xEE)),
        codeBlock: TextStyle(foreground: .rgb(0x26, 0x26, 0x26), background: .rgb(0xEE, 0xEE, 0xEE)),
        wrapMarker: TextStyle(dim: true, foreground: .rgb(0x80, 0x80, 0x80), background: .rgb(0xEE, 0xEE, 0xEE)),
        link: TextStyle(underline: true, foreground: .rgb(0x00, 0x5F, 0xD7)),
        linkURL: TextStyle(foreground: .rgb(0x80, 0x80, 0x80)),
        image: TextStyle(italic: true, foreground: .rgb(0x87, 0x00, 0xAF)),
        quoteBar: TextStyle(foreground: .rgb(0xA8, 0xA8, 0xA8)),
        quoteText: TextStyle(italic: true, foreground: .rgb(0x4E, 0x4E, 0x4E)),
        listMarker: TextStyle(foreground: .rgb(0xAF, 0x50, 0x00)),
        taskOpen: TextStyle(foreground: .rgb(0x4E, 0x4E, 0x4E)),
        taskDone: TextStyle(foreground: .rgb(0x00, 0x87, 0x00)),
        rule: TextStyle(foreground: .rgb(0xA8, 0xA8, 0xA8)),
        tableBorder: TextStyle(foreground: .rgb(0xA8, 0xA8, 0xA8)),
        tableHeader: TextStyle(bold: true, foreground: .rgb(0x00, 0x5F, 0xAF))
    )

    /// No colours at all: only bold, italic, underline, dim, strikethrough and inverse.
    public static let monochrome = Theme(
        name: "monochrome",
        text: .plain,
        headings: [
            TextStyle(bold: true, underline: true),
            TextStyle(bold: true),
            TextStyle(bold: true),
            TextStyle(bold: true, italic: true),
            TextStyle(italic: true),
            TextStyle(italic: true, dim: true),
        ],
        emphasis: TextStyle(italic: true),
        strong: TextStyle(bold: true),
        strikethrough: TextStyle(strikethrough: true),
        codeSpan: TextStyle(inverse: true),
        codeBlock: .plain,
        wrapMarker: TextStyle(dim: true),
        link: TextStyle(underline: true),
        linkURL: TextStyle(dim: true),
        image: TextStyle(italic: true),
        quoteBar: TextStyle(dim: true),
        quoteText: TextStyle(italic: true),
        listMarker: .plain,
        taskOpen: .plain,
        taskDone: TextStyle(bold: true),
        rule: TextStyle(dim: true),
        tableBorder: TextStyle(dim: true),
        tableHeader: TextStyle(bold: true)
    )

    /// Every built-in theme, in `names` order.
    static let all: [Theme] = [.default, .light, .monochrome]

    /// The names of the built-in themes.
    public static var names: [String] { all.map(\.name) }

    /// The built-in theme called `name` (case-insensitive), or nil.
    public static func named(_ name: String) -> Theme? {
        let wanted = name.lowercased()
        return all.first { $0.name == wanted }
    }
}
