import ArgumentParser
import TerminalUI

extension TerminalUIOptions.NotifyPolicy: ExpressibleByArgument {}

/// Options of the full-screen UI (notifications, mouse); `notify` and `no-mouse` in config.toml fill them.
struct TerminalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Desktop notification and bell for new messages: always, unfocused (default) or never.",
        valueName: "when"))
    var notify: TerminalUIOptions.NotifyPolicy?

    @Flag(name: .long, help: "Do not capture the mouse; the terminal keeps its own selection.")
    var noMouse = false

    /// The UI options: these flags (completed from the environment and config.toml), then defaults.
    func uiOptions(profile: String = "default") -> TerminalUIOptions {
        var options = TerminalUIOptions()
        options.notify = notify ?? .unfocused
        options.mouse = !noMouse
        options.profile = profile
        return options
    }
}
