import ArgumentParser
import TerminalUI

extension TerminalUIOptions.NotifyPolicy: ExpressibleByArgument {}

/// Options of the full-screen UI (notifications, mouse), on top of the config file.
struct TerminalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Desktop notification and bell for new messages: always, unfocused (default) or never.",
        valueName: "when"))
    var notify: TerminalUIOptions.NotifyPolicy?

    @Flag(name: .long, help: "Do not capture the mouse; the terminal keeps its own selection.")
    var noMouse = false

    /// The UI options: these flags first, then the `tui` section of config.json, then defaults.
    func uiOptions(profile: String = "default", config: TerminalConfig = .load()) -> TerminalUIOptions {
        var options = TerminalUIOptions()
        options.notify = notify ?? config.notify ?? .unfocused
        options.mouse = noMouse ? false : (config.mouse ?? true)
        options.profile = profile
        return options
    }
}
