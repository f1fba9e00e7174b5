/// The items ``SimConnectService`` makes for the readings of ``SimConnectChoices``: receipts as items
/// of their own, and what a client may not know yet.
extension SimConnectService {
    /// A MESSAGEMETADATA item (§3.5): `recipient` received (and, with `read`, read) `messageId`. Its
    /// `read` set marks a read receipt; `participantId` is the recipient.
    func receipt(for messageId: String, by recipient: String, read: Bool, now: Int64) -> Item {
        var item = Item(id: newId(), millis: stamp(now), type: "MESSAGEMETADATA", contentType: event("message.metadata"),
            content: messageId, participantId: recipient, displayName: nil, role: nil)
        if read { item.read = [recipient] }
        return item
    }

    /// With ``SimConnectChoices/unansweredUpgrades``, a quarter of the upgrades go unanswered.
    public func answersUpgrade(url: String, now: Int64) -> Bool {
        !(choices.unansweredUpgrades && upgradeRng.chance(0.25))
    }

    /// Something the client was not written for (with ``SimConnectChoices/unknownTypes``): an item of
    /// an unknown `Type` (no transcript item), an event of an unknown `ContentType` (an event), or a
    /// message of an unknown `ContentType` (a message whose text is its content).
    func unknownItem(now: Int64) -> Item {
        let millis = stamp(now)
        switch rng.int(1...3) {
        case 1:
            return Item(id: newId(), millis: millis, type: "SIM_FUTURE_TYPE", contentType: "application/vnd.sim.future",
                content: #"{"future":true}"#, participantId: botId, displayName: "Sim Bot", role: "AGENT")
        case 2:
            return Item(id: newId(), millis: millis, type: "EVENT", contentType: event("sim.future.event"), content: "",
                participantId: botId, displayName: "Sim Bot", role: "AGENT")
        default:
            return Item(id: newId(), millis: millis, type: "MESSAGE", contentType: "application/vnd.sim.future+json",
                content: #"{"future":\#(items.count)}"#, participantId: botId, displayName: "Sim Bot", role: "AGENT")
        }
    }

    /// `authentication.initiated` (with ``SimConnectChoices/signIns``): the flow asks the customer to
    /// sign in; its `Content` names a new 36-character SessionId.
    func signInAsked(now: Int64) -> Item {
        let sessionId = newId()
        linkCalls[sessionId] = 0
        return Item(id: newId(), millis: stamp(now), type: "EVENT", contentType: event("authentication.initiated"),
            content: #"{"SessionId":"\#(sessionId)"}"#, participantId: nil, displayName: "SYSTEM_MESSAGE", role: "SYSTEM")
    }

    /// GetAuthenticationUrl: a link for a sign-in the bot asked for (now and then signed in at once),
    /// a 400 for any other SessionId.
    func authenticationURL(_ body: [String: Any], now: Int64) -> SimResponse {
        guard let sessionId = body["SessionId"] as? String, let calls = linkCalls[sessionId] else {
            strayLinkCalls += 1
            return .awsError(400, "ValidationException", "no such authentication session")
        }
        linkCalls[sessionId] = calls + 1
        if calls == 0, signInRng.chance(0.5) {
            broadcast(Item(id: newId(), millis: stamp(now), type: "EVENT", contentType: event("authentication.succeeded"),
                content: "", participantId: nil, displayName: "SYSTEM_MESSAGE", role: "SYSTEM"))
        }
        return .json(200, ["AuthenticationUrl": "https://idp.sim/authorize?session=\(sessionId)"])
    }
}
