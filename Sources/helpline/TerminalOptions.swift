import ArgumentParser
import ChatUI
import MarkdownANSI
import TerminalUI

extension TerminalUIOptions.NotifyPolicy: ExpressibleByArgument {}

/// Options of the full-screen UI (notifications, mouse, theme, status bar); `notify`, `no-mouse`,
/// `theme` and `status-bar` in config.toml fill them.
struct TerminalOptions: ParsableArguments {
    /// Where the status bar sits.
    enum StatusBarPosition: String, ExpressibleByArgument, CaseIterable {
        /// The first row of the screen (the default).
        case top
        /// Above the composer, at the bottom.
        case bottom
    }

    @Option(name: .long, help: ArgumentHelp(
        "Desktop notification and bell for new messages: always, unfocused (default) or never.",
        valueName: "when"))
    var notify: TerminalUIOptions.NotifyPolicy?

    @Flag(name: .long, help: "Do not capture the mouse; the terminal keeps its own selection.")
    var noMouse = false

    @Option(name: .long, help: ArgumentHelp(
        "Colour theme of the full screen: default, light or monochrome (monochrome also drops colour from the screen's frame).",
        valueName: "name"))
    var theme: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where the status bar sits: top (default, the first row) or bottom (above the composer).",
        valueName: "where"))
    var statusBar: StatusBarPosition?

    func validate() throws {
        if let theme, Theme.named(theme) == nil {
            throw ValidationError("unknown theme '\(theme)'; use one of: \(Theme.names.joined(separator: ", "))")
        }
    }

    /// The UI options: these flags (completed from the environment and config.toml), then defaults.
    func uiOptions(profile: String = "default") -> TerminalUIOptions {
        var options = TerminalUIOptions()
        options.notify = notify ?? .unfocused
        options.mouse = !noMouse
        options.themeName = theme ?? "default"
        options.statusBarOnTop = (statusBar ?? .top) == .top
        options.profile = profile
        return options
    }
}
