import MarkdownANSI

/// The colours a chat is drawn in: the UI palette and the markdown theme, chosen for the
/// terminal's colour depth and the configured theme.
package struct ScreenLook {
    /// UI colours: monochrome when the terminal has no colour or the theme asks for none.
    package let palette: UIPalette
    /// The markdown theme.
    package let theme: Theme

    /// The look for a terminal that shows colour or not, and a theme name (`monochrome`, or a
    /// theme ``Theme/named(_:)`` knows; anything else is the default theme).
    package init(monochromeTerminal: Bool, themeName: String) {
        let monochrome = monochromeTerminal || themeName == "monochrome"
        palette = monochrome ? .monochrome : .standard
        theme = monochrome ? .monochrome : (Theme.named(themeName) ?? .default)
    }
}
