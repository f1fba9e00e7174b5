import AWSSigV4
import AmazonConnect
import ArgumentParser
import ChatEngine
import ConnectDirect
import Foundation
import Transport

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
            or call StartChatContact yourself with AWS credentials (environment or ~/.aws/credentials):
              helpline connect --instance-id ID --contact-flow-id ID --display-name Maria --region eu-central-1 [--profile NAME]
            """)

    @OptionGroup var target: ConnectTargetOptions

    @Option(name: .long, help: ArgumentHelp("Your name as the agent sees it (required with --start-url).", valueName: "name"))
    var displayName: String?

    @Option(name: .long, help: ArgumentHelp("Direct start: the Amazon Connect service endpoint for StartChatContact (overrides --region).", valueName: "url"))
    var connectEndpointUrl: String?

    @OptionGroup var common: CommonOptions

    @OptionGroup var terminal: TerminalOptions

    func validate() throws {
        switch (target.startUrl, target.participantToken) {
        case (nil, nil) where target.instanceId != nil || target.contactFlowId != nil:
            guard let instanceId = target.instanceId, !instanceId.isEmpty, let flowId = target.contactFlowId, !flowId.isEmpty else {
                throw ValidationError("a direct start needs both --instance-id and --contact-flow-id")
            }
            guard let name = displayName, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--display-name NAME is required with --instance-id")
            }
        case (nil, nil):
            throw ValidationError(
                "give --start-url URL --display-name NAME, --participant-token TOKEN, or --instance-id ID --contact-flow-id ID --display-name NAME")
        case (.some, .some): throw ValidationError("give either --start-url or --participant-token, not both")
        case (.some, nil):
            guard let name = displayName, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError("--display-name NAME is required with --start-url")
            }
        case (nil, .some): break
        }
        if let connectEndpointUrl { try ConnectTargetOptions.checkHTTPURL(connectEndpointUrl, flag: "--connect-endpoint-url") }
    }

    func run() async throws {
        let logger = try LoggingSetup.bootstrap(file: common.logFile, level: common.logLevel)
        let runner = try ChatRunner(options: common, logger: logger, terminal: terminal)
        let endpoint = try target.participantEndpoint()
        let start: ConnectChatStart
        var forceNew = common.startsFresh
        if let startUrl = target.startUrl {
            start = .template(
                url: startUrl, displayName: displayName ?? "Customer", instanceId: target.instanceId,
                contactFlowId: target.contactFlowId)
        } else if let participantToken = target.participantToken {
            start = .participantToken(participantToken, displayName: displayName)
        } else {
            // A direct start always makes a new contact; the session store is not used to resume it.
            start = .resume(try await startDirectly(through: runner.transport), displayName: displayName ?? "Customer")
            forceNew = true
        }
        let mode = target.startUrl ?? (target.participantToken != nil ? "token" : "direct \(target.instanceId ?? "")")
        let key = SessionStore.key(profile: "default", endpoint: endpoint.absoluteString + " " + mode)
        let loop = ResumingChatLoop(runner: runner, store: SessionStore(), key: key, forceNew: forceNew)
        let code = try await loop.run(connect: start, endpoint: endpoint, authRedirect: target.authRedirectUri)
        if code != 0 { throw ExitCode(code) }
    }

    /// Calls StartChatContact through `transport` with SigV4-signed credentials from the standard sources.
    private func startDirectly(through transport: HTTPTransport) async throws -> StartedChat {
        let credentials: AWSCredentials
        do {
            credentials = try AWSCredentialChain().resolve(profile: common.session.profile.profile)
        } catch {
            throw HelplineError(String(describing: error))
        }
        let region = target.region
        guard let url = connectEndpointUrl.flatMap(URL.init(string:)) ?? StartChatContactClient.endpoint(region: region) else {
            throw HelplineError("cannot build the Amazon Connect URL for region \(region)")
        }
        let client = StartChatContactClient(endpoint: url, region: region, credentials: credentials, transport: transport)
        do {
            return try await client.start(
                instanceId: target.instanceId ?? "", contactFlowId: target.contactFlowId ?? "",
                displayName: displayName ?? "Customer")
        } catch {
            throw HelplineError("could not start the chat: \(error)")
        }
    }
}
