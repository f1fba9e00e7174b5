/// What the Participant Service spec leaves open, as choices one seed makes for the whole run (the
/// Connect half of what ``SimPolyAIChoices`` does for PolyAI). Each names its place in
/// `amazon-connect-participant.md`; docs/simulation.md lists them.
public struct SimConnectChoices: Sendable, CustomStringConvertible {
    /// GetTranscript answers at most this many items a page, whatever `MaxResults` asked (§4.4: a page
    /// "up to" MaxResults); nil: as many as asked.
    public var pageCap: Int?
    /// The last page of a scan still carries a `NextToken`, whose page is empty and has none (§4.4 says
    /// nothing of how the end is marked).
    public var tokenOnLastPage: Bool
    /// Items other than the customer's carry no `DisplayName` (an optional field, §2.3).
    public var omitsDisplayName: Bool
    /// `aws/subscribe` is answered twice (§3.2 says nothing of repeats).
    public var subscribeAnsweredTwice: Bool
    /// The first `aws/subscribe` on each socket goes unanswered: only a resend is (an answer that is late).
    public var firstSubscribeUnanswered: Bool

    /// The spec's plainest reading.
    public init(
        pageCap: Int? = nil, tokenOnLastPage: Bool = false, omitsDisplayName: Bool = false,
        subscribeAnsweredTwice: Bool = false, firstSubscribeUnanswered: Bool = false
    ) {
        self.pageCap = pageCap
        self.tokenOnLastPage = tokenOnLastPage
        self.omitsDisplayName = omitsDisplayName
        self.subscribeAnsweredTwice = subscribeAnsweredTwice
        self.firstSubscribeUnanswered = firstSubscribeUnanswered
    }

    /// The choices a seed makes.
    public init(seed: UInt64) {
        var rng = SimRandom(seed: seed ^ 0xC0_C401_CE5)
        pageCap = rng.chance(0.4) ? rng.int(1...5) : nil
        tokenOnLastPage = rng.chance(0.3)
        omitsDisplayName = rng.chance(0.3)
        subscribeAnsweredTwice = rng.chance(0.2)
        firstSubscribeUnanswered = rng.chance(0.2)
    }

    /// `page-cap=… token-on-last-page=…`, for the trace's first line.
    public var description: String {
        "page-cap=\(pageCap.map(String.init) ?? "none") token-on-last-page=\(tokenOnLastPage) no-display-name=\(omitsDisplayName) "
            + "subscribe-answered-twice=\(subscribeAnsweredTwice) first-subscribe-unanswered=\(firstSubscribeUnanswered)"
    }
}
