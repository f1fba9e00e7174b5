import AmazonConnect
import ArgumentParser
import Foundation
import SessionCore

/// The Amazon Connect flags `helpline connect` and `helpline script` share: how the chat is started
/// (a start-chat URL or a participant token, with the ids the start-chat backend passes on) and where
/// the Participant Service is.
struct ConnectTargetOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A start-chat backend URL (POST, answers {data:{startChatResult}}).", valueName: "url"))
    var startUrl: String?

    @Option(name: .long, help: ArgumentHelp("A participant token from StartChatContact (a script: one run only).", valueName: "token"))
    var participantToken: String?

    @Option(name: .long, help: ArgumentHelp("Amazon Connect instance id passed to the start-chat backend.", valueName: "id"))
    var instanceId: String?

    @Option(name: .long, help: ArgumentHelp("Contact flow id passed to the start-chat backend.", valueName: "id"))
    var contactFlowId: String?

    @Option(name: .long, help: ArgumentHelp("AWS region of the Participant Service.", valueName: "region"))
    var region: String = "us-west-2"

    @Option(name: .long, help: ArgumentHelp("Participant Service endpoint (overrides --region), e.g. a proxy or the demo server.", valueName: "url"))
    var endpointUrl: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where the browser goes after a sign-in the contact center asks for (GetAuthenticationUrl's RedirectUri; default: the endpoint's /auth/return page).",
        valueName: "url"))
    var authRedirectUri: String?

    /// Checks each flag on its own: URLs are http(s), the token is not empty, the region looks like one.
    func validate() throws {
        if let authRedirectUri, authRedirectUri.utf8.count > 1024 {
            throw ValidationError("--auth-redirect-uri is longer than the 1024 characters the service takes")
        }
        for (flag, value) in [("--start-url", startUrl), ("--endpoint-url", endpointUrl), ("--auth-redirect-uri", authRedirectUri)] {
            guard let value else { continue }
            try Self.checkHTTPURL(value, flag: flag)
        }
        if participantToken?.isEmpty == true { throw ValidationError("--participant-token is empty") }
        guard region.range(of: #"^[a-z]{2}(-[a-z]+)+-\d$"#, options: .regularExpression) != nil else {
            throw ValidationError("'\(region)' is not an AWS region name (like us-west-2)")
        }
    }

    /// The Participant Service URL: `--endpoint-url`, else the region's.
    func participantEndpoint() throws -> URL {
        guard let endpoint = endpointUrl.flatMap(URL.init(string:)) ?? URL(string: ConnectWire.endpoint(region: region)) else {
            throw HelplineError("cannot build the Participant Service URL for region \(region)")
        }
        return endpoint
    }

    /// A wire for `start` on this endpoint, with the sign-in redirect set.
    func wire(start: ConnectChatStart, endpoint: URL) -> ConnectWire {
        var wire = ConnectWire(start: start, endpoint: endpoint.absoluteString, ids: .random())
        wire.authenticationRedirect = authRedirectUri
        return wire
    }

    /// Throws unless `value` is an absolute http(s) URL with a host.
    static func checkHTTPURL(_ value: String, flag: String) throws {
        guard let url = URL(string: value), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("\(flag) must be an http(s) URL, got '\(value)'")
        }
        if let problem = OutsideNumbers.portProblem(in: value) { throw ValidationError("\(flag) \(value): \(problem)") }
    }
}
