import AmazonConnect
import ArgumentParser
import ChatEngine
import Foundation

/// `helpline connect`: chat with an Amazon Connect contact center.
struct ConnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Chat with an Amazon Connect contact center.",
        discussion: """
            Start through a startChatContactAPI-style backend:
              helpline connect --start-url https://abc.execute-api.us-west-2.amazonaws.com/Prod --display-name Maria
            or join with a participant token obtained elsewhere:
              helpline connect --participant-token TOKEN --region eu-central-1
            """)

    @Option(name: .long, help: ArgumentHelp("The start-chat backend URL (POST, answers {data:{startChatResult}}).", valueName: "url"))
    var startUrl: String?

    @Option(name: .long, help: ArgumentHelp("A participant token from StartChatContact.", valueName: "token"))
    var participantToken: String?

    @Option(name: .long, help: ArgumentHelp("Your name as the agent sees it (required with --start-url).", valueName: "name"))
    var displayName: String?

    @Option(name: .long, help: ArgumentHelp("Amazon Connect instance id passed to the start-chat backend.", valueName: "id"))
    var instanceId: String?

    @Option(name: .long, help: ArgumentHelp("Contact flow id passed to the start-chat backend.", valueName: "id"))
    var contactFlowId: String?

    @Option(name: .long, help: ArgumentHelp("AWS region of the Participant Service.", valueName: "region"))
    var region: String = "us-west-2"

    @Option(name: .long, help: ArgumentHelp("Participant Service endpoint (overrides --region), e.g. a proxy or the demo server.", valueName: "url"))
    var endpointUrl: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        switch (startUrl, participantToken) {
        case (nil, nil): throw ValidationError("give --start-url URL --display-name NAME, or --participant-token TOKEN")
        case (.some, .some): throw ValidationError("give either --start-url or --participant-token, not both")
        case (.some(let url), nil):
            guard let parsed = URL(string: url), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil else {
                throw ValidationError("--start-url must be an http(s) URL, got '\(url)'")
            }
            guard let name = displayName, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--display-name NAME is required with --start-url")
            }
        case (nil, .some(let token)):
            guard !token.isEmpty else { throw ValidationError("--participant-token is empty") }
        }
        guard region.range(of: #"^[a-z]{2}(-[a-z]+)+-\d$"#, options: .regularExpression) != nil else {
            throw ValidationError("'\(region)' is not an AWS region name (like us-west-2)")
        }
        if let endpointUrl {
            guard let parsed = URL(string: endpointUrl), let scheme = parsed.scheme, ["http", "https"].contains(scheme), parsed.host != nil else {
                throw ValidationError("--endpoint-url must be an http(s) URL, got '\(endpointUrl)'")
            }
        }
    }

    func run() async throws {
        let logger = try LoggingSetup.bootstrap(file: common.logFile, level: common.logLevel)
        guard let endpoint = endpointUrl.flatMap(URL.init(string:)) ?? ConnectBackend.endpoint(region: region) else {
            throw HelplineError("cannot build the Participant Service URL for region \(region)")
        }
        let start: ConnectChatStart
        if let startUrl {
            start = .template(url: startUrl, displayName: displayName ?? "Customer", instanceId: instanceId, contactFlowId: contactFlowId)
        } else {
            start = .participantToken(participantToken ?? "", displayName: displayName)
        }
        let key = SessionStore.key(profile: "default", endpoint: endpoint.absoluteString + " " + (startUrl ?? "token"))
        let loop = ConnectChatLoop(
            start: start, endpoint: endpoint, runner: ChatRunner(options: common, logger: logger), store: SessionStore(),
            key: key, forceNew: common.new)
        let code = try await loop.run()
        if code != 0 { throw ExitCode(code) }
    }
}
