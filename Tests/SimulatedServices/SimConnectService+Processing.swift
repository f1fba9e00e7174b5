/// Message processing (§2.2, §2.3 `MessageProcessingStatus`), with ``SimConnectChoices/messageRules``:
/// the contact center checks each typed customer message before anyone sees it. Some pass redacted
/// (their last word becomes `[PII]`; answered `PROCESSING`, then the redacted copy), some are blocked
/// (`REJECTED`), some fail their check once (`FAILED`; the same text sent again passes). A stopped
/// message is kept (a page shows it, to its sender, with its status) but never sent to anyone, and the
/// bot never answers it. With ``SimConnectChoices/verdictOnSocket`` every checked message is answered
/// `PROCESSING` and its verdict comes later on the socket: the redacted copy, or the status in a
/// MESSAGEMETADATA item or on the message item itself (drawn per message).
extension SimConnectService {
    /// What the check decides.
    enum Verdict: String {
        case redact, reject = "REJECTED", fail = "FAILED"
    }

    /// Checks a customer message; nil when it passes as it is (the caller delivers it), else the answer.
    func check(_ typed: Item, now: Int64) -> SimResponse? {
        guard let verdict = drawVerdict(for: typed) else { return nil }
        var item = typed
        let status: String
        switch verdict {
        case .redact:
            item.typed = typed.content
            item.content = Self.redacted(typed.content)
            status = "PROCESSING"
        case .reject, .fail:
            if verdict == .fail { failedTexts.insert(typed.content) }
            item.verdict = verdict.rawValue
            status = verdict.rawValue
        }
        let answer: [String: Any] = [
            "Id": item.id, "AbsoluteTime": SimJSON.timestamp(item.millis),
            "MessageMetadata": ["MessageProcessingStatus": choices.verdictOnSocket ? "PROCESSING" : status],
        ]
        if choices.verdictOnSocket {
            item.checking = true
            items.append(item)
            due.append((now + processingRng.millis(200...2000), .verdict(id: item.id)))
        } else if verdict == .redact {
            deliverCustomerMessage(item, now: now)
        } else {
            items.append(item)
        }
        return .json(200, answer)
    }

    /// The verdict on message `id` is told now (it was `PROCESSING` until now).
    func tellVerdict(on id: String, now: Int64) {
        guard let index = items.firstIndex(where: { $0.id == id }), items[index].checking else { return }
        items[index].checking = false
        let item = items[index]
        guard let verdict = item.verdict else {
            // Passed, redacted: its copy goes to everyone now, and the bot reads and answers it.
            pendingOutput += connections.filter(\.value).keys.sorted().map { ($0, SimSocketOutput(frames: [frame(item)])) }
            botAnswers(item, now: now)
            return
        }
        let told: [String: Any]
        if processingRng.chance(0.5) {
            told = [
                "Id": newId(), "Type": "MESSAGEMETADATA", "AbsoluteTime": SimJSON.timestamp(stamp(now)),
                "ContentType": event("message.metadata"), "InitialContactId": contactId, "ContactId": contactId,
                "MessageMetadata": ["MessageId": id, "MessageProcessingStatus": verdict],
            ]
        } else {
            told = wireObject(item)
        }
        let text = SimJSON.text(["topic": "aws/chat", "contentType": "application/json", "content": SimJSON.text(told)])
        pendingOutput += connections.filter(\.value).keys.sorted().map { ($0, SimSocketOutput(frames: [text])) }
    }

    /// The verdict on a new customer message: only what the user typed (`m<N> …`) is checked, and only
    /// with message rules; nil when it passes as it is.
    private func drawVerdict(for item: Item) -> Verdict? {
        guard choices.messageRules, item.contentType == "text/plain", item.content.hasPrefix("m"),
            !failedTexts.contains(item.content)
        else { return nil }
        switch processingRng.int(1...20) {
        case 1...3: return .reject
        case 4...5: return .fail
        case 6...10: return item.content.split(separator: " ").count >= 3 ? .redact : nil
        default: return nil
        }
    }

    /// A customer message the contact center passes on: stored, sent to every socket (a receipt for it
    /// first, with ``SimConnectChoices/receiptBeforeMessage``), answered by the bot.
    func deliverCustomerMessage(_ item: Item, now: Int64) {
        if choices.receiptBeforeMessage {
            broadcast(receipt(for: item.id, by: botId, read: false, now: now))
            broadcast(item)
            items[items.count - 1].delivered.insert(botId)
        } else {
            broadcast(item)
        }
        botAnswers(item, now: now)
    }

    /// The bot types, then answers `item` (reading it first).
    func botAnswers(_ item: Item, now: Int64) {
        let delay = rng.millis(100...1500)
        due.append((now + delay / 2, .typing))
        due.append((now + delay, .reply("re: \(item.content)", receiptFor: item.id)))
    }

    /// The text with its last word replaced by `[PII]`.
    static func redacted(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        words[words.count - 1] = "[PII]"
        return words.joined(separator: " ")
    }
}
