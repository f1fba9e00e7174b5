import ArgumentParser
import Logging

/// Options of every command that runs chat sessions, the agent console included: logging and
/// what the other side is told (typing, receipts).
struct SessionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Write logs to FILE (never to the screen).", valueName: "file"))
    var logFile: String?

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug, info, notice, warning, error, critical.", valueName: "level"))
    var logLevel: String = "info"

    @Flag(name: .long, help: "Never tell the other side when you are typing.")
    var noTyping = false

    @Flag(name: .long, help: "Never send read or delivered receipts.")
    var noReceipts = false

    @OptionGroup var profile: ProfileOption

    func validate() throws {
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
        }
    }
}

/// `--profile NAME`: the profile of the configuration file whose keys fill in the options
/// (read before parsing, by ``ConfigLaunch``; declared so that `--help` lists it).
struct ProfileOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Take missing options from [profiles.NAME] of ~/.config/helpline/config.toml (also HELPLINE_PROFILE); a direct `connect` also uses the AWS credentials profile NAME.",
        valueName: "name"))
    var profile: String?
}
