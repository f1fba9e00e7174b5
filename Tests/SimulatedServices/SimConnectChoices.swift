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
    /// A delivered receipt for the customer's message goes out before the message itself (§3.1: every
    /// item to every socket, in no promised order; §3.5: a MESSAGEMETADATA item names its message).
    public var receiptBeforeMessage: Bool
    /// No item carries `ParticipantRole`, and events carry no `ParticipantId` or `DisplayName` either
    /// (§3.4: "every field except `Id`, `Type` and `AbsoluteTime` must be optional").
    public var omitsRole: Bool
    /// GetTranscript gives receipts as MESSAGEMETADATA items of their own, and messages carry no
    /// `MessageMetadata` (§2.3: "tolerate both").
    public var receiptsAsItems: Bool
    /// The bot now and then sends what the client does not know: an item of an unknown `Type`, an event
    /// of an unknown `ContentType`, a message of an unknown `ContentType` (§2.3's Type enum and §3.5's
    /// catalogue are what was seen, not a closed list).
    public var unknownTypes: Bool
    /// When the connection token expires, the call on its way is carried out and then answered 403
    /// (the token ran out while the service worked on it; §4.3, §2.1's `ClientToken` idempotency).
    public var expiryMidCall: Bool
    /// Now and then the service takes a socket's connection and never answers its upgrade (§3.1 and
    /// §4.3 say how long a URL may wait to be opened, nothing of how long an upgrade may take).
    public var unansweredUpgrades: Bool
    /// Now and then the bot's flow asks the customer to sign in (`authentication.initiated`, §3.5), and
    /// GetAuthenticationUrl is answered for it; sometimes the sign-in then succeeds.
    public var signIns: Bool
    /// The contact center checks the customer's messages (§2.2, §2.3 `MessageProcessingStatus`): some
    /// pass redacted (`PROCESSING`, then the redacted copy), some are blocked (`REJECTED`), some fail
    /// their check once (`FAILED`; a retry passes).
    public var messageRules: Bool
    /// With message rules, every checked message is answered `PROCESSING` and its verdict comes later
    /// on the socket (the redacted copy, or a MESSAGEMETADATA item naming the status); otherwise the
    /// SendMessage answer carries the verdict (§2.2 says nothing of when each comes).
    public var verdictOnSocket: Bool

    /// The spec's plainest reading.
    public init(
        pageCap: Int? = nil, tokenOnLastPage: Bool = false, omitsDisplayName: Bool = false,
        subscribeAnsweredTwice: Bool = false, firstSubscribeUnanswered: Bool = false,
        receiptBeforeMessage: Bool = false, omitsRole: Bool = false, receiptsAsItems: Bool = false,
        unknownTypes: Bool = false, expiryMidCall: Bool = false, unansweredUpgrades: Bool = false, signIns: Bool = false,
        messageRules: Bool = false, verdictOnSocket: Bool = false
    ) {
        self.pageCap = pageCap
        self.tokenOnLastPage = tokenOnLastPage
        self.omitsDisplayName = omitsDisplayName
        self.subscribeAnsweredTwice = subscribeAnsweredTwice
        self.firstSubscribeUnanswered = firstSubscribeUnanswered
        self.receiptBeforeMessage = receiptBeforeMessage
        self.omitsRole = omitsRole
        self.receiptsAsItems = receiptsAsItems
        self.unknownTypes = unknownTypes
        self.expiryMidCall = expiryMidCall
        self.unansweredUpgrades = unansweredUpgrades
        self.signIns = signIns
        self.messageRules = messageRules
        self.verdictOnSocket = verdictOnSocket
    }

    /// The choices a seed makes.
    public init(seed: UInt64) {
        var rng = SimRandom(seed: seed ^ 0xC0_C401_CE5)
        pageCap = rng.chance(0.4) ? rng.int(1...5) : nil
        tokenOnLastPage = rng.chance(0.3)
        omitsDisplayName = rng.chance(0.3)
        subscribeAnsweredTwice = rng.chance(0.2)
        firstSubscribeUnanswered = rng.chance(0.2)
        // (Drawn after the older choices, so a seed keeps the readings it had before these were added.)
        receiptBeforeMessage = rng.chance(0.5)
        omitsRole = rng.chance(0.5)
        receiptsAsItems = rng.chance(0.5)
        unknownTypes = rng.chance(0.5)
        expiryMidCall = rng.chance(0.5)
        unansweredUpgrades = rng.chance(0.5)
        signIns = rng.chance(0.5)
        messageRules = rng.chance(0.5)
        verdictOnSocket = rng.chance(0.5)
    }

    /// `page-cap=… token-on-last-page=…`, for the trace's first line.
    public var description: String {
        "page-cap=\(pageCap.map(String.init) ?? "none") token-on-last-page=\(tokenOnLastPage) no-display-name=\(omitsDisplayName) "
            + "subscribe-answered-twice=\(subscribeAnsweredTwice) first-subscribe-unanswered=\(firstSubscribeUnanswered) "
            + "receipt-before-message=\(receiptBeforeMessage) no-role=\(omitsRole) receipts-as-items=\(receiptsAsItems) "
            + "unknown-types=\(unknownTypes) expiry-mid-call=\(expiryMidCall) unanswered-upgrades=\(unansweredUpgrades) "
            + "sign-ins=\(signIns) message-rules=\(messageRules) verdict-on-socket=\(verdictOnSocket)"
    }
}
