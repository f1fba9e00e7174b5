import ArgumentParser
import ChatEngine
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

    // Unconditional: "--receipt-throttle -1" reaches validate() (and its clear error) instead of reading as an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Send read and delivered receipts at most once per SECONDS, 0 to 60 (the Connect SDK's messageReceipts.throttleTime).",
            valueName: "seconds"))
    var receiptThrottle: Double = 5

    /// The largest `--receipt-throttle`: a longer wait would leave the other side unsure you saw anything.
    static let receiptThrottleLimit: Double = 60

    @OptionGroup var profile: ProfileOption

    func validate() throws {
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
        }
        guard receiptThrottle.isFinite, receiptThrottle >= 0, receiptThrottle <= Self.receiptThrottleLimit else {
            throw ValidationError(
                "--receipt-throttle must be between 0 and \(Int(Self.receiptThrottleLimit)) seconds, not \(receiptThrottle)")
        }
    }

    /// Puts what these options say about the other side (typing, receipts and their throttle) into
    /// the session core's settings.
    func apply(to configuration: inout SessionConfiguration) {
        configuration.sendsTyping = !noTyping
        configuration.sendsReceipts = !noReceipts
        configuration.core.receiptWindow = receiptThrottle
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
