import ChatModel
import Foundation

/// What the accessible mode does in answer to an event or a typed line.
enum ScreenReaderOutput: Equatable, Sendable {
    /// Print these lines, once.
    case say([String])
    /// Show this prompt from now on.
    case prompt(String)
    /// Hand a command to the session.
    case send(ChatCommand)
    /// Leave: the chat stays open (`/quit`), or a new one is wanted (`/new`).
    case leave(newChat: Bool)
    /// Open a link (or say it, where nothing can open it).
    case openURL(String)
    /// Write the transcript to a file (mode 0600).
    case export(path: String, contents: String)
    /// Compose a message in `$EDITOR`, starting from this text.
    case edit(String)
}

/// The accessible mode's state, pure: events and typed lines in, ``ScreenReaderOutput``s out.
///
/// Every message is said once: a streamed reply when it has settled, our own message once the
/// server has it. An open picker, carousel or form is said as a numbered list and answered by
/// number; "is typing" is said once per burst; a connection change is one short line.
struct ScreenReaderModel: Sendable {
    /// The default prompt.
    static let messagePrompt = "Message: "

    var format = ScreenReaderLines()
    /// The items said so far, in the order said, kept up to date (for `/search`, `/links`, `/export`).
    private(set) var items: [ChatItem] = []
    private var positions: [String: Int] = [:]
    /// Streamed replies still growing (said once settled).
    private var streaming: Set<String> = []
    /// Our messages whose failure was said.
    private var failuresSaid: Set<String> = []
    /// The open question, if any, and the field whose value the next line gives.
    private(set) var question: ScreenReaderQuestion?
    var filling: FormField?
    private(set) var connection: ConnectionState?
    private var bursts = TypingBursts()
    /// Attachments by the number they were said with.
    private(set) var attachments: [Attachment] = []
    /// The links `/links` numbered.
    var links: [String] = []
    /// Attachments to open once downloaded, and transfer steps said.
    var opens: Set<String> = []
    private var transferSteps: Set<String> = []
    /// The newest of our messages that failed, for `/retry`.
    private(set) var newestFailed: String?

    /// True once the chat is over.
    var hasEnded: Bool { connection?.isClosed == true }

    /// The prompt for now.
    var prompt: String {
        if let filling { return "\(TerminalSafeText.oneLine(filling.name)): " }
        return question?.prompt ?? Self.messagePrompt
    }

    /// What to do about one event from the session.
    mutating func handle(_ event: ChatEvent, now: Date) -> [ScreenReaderOutput] {
        switch event {
        case .connection(let state):
            defer { connection = state }
            guard let line = format.connection(state, previous: connection) else { return [] }
            return [.say([line])]
        case .notice(let text):
            return [.say(Self.split(text))]
        case .typing(let participant):
            return bursts.typing(participant, now: now) ? [.say([format.typing(participant)])] : []
        case .typingStopped(let participant):
            bursts.stopped(participant)
            return []
        case .transfer(let transfer):
            return self.transfer(transfer)
        case .transcript(let update):
            return transcript(update)
        case .authentication(let authentication):
            // As line mode says it: the link on a line of its own, to be copied or opened as it is.
            let lines = PlainMode.describe(authentication, marker: "")
            return lines.isEmpty ? [] : [.say(lines)]
        case .sessionInfo, .queuePosition, .diagnostics:
            return []
        }
    }

    private mutating func transcript(_ update: TranscriptUpdate) -> [ScreenReaderOutput] {
        switch update.change {
        case .inserted, .updated, .moved:
            guard let item = update.item else { return [] }
            return changed(item)
        case .merged(let count, _):
            return update.items.prefix(count).flatMap { changed($0) }
        case .reset:
            var out: [ScreenReaderOutput] = []
            if !items.isEmpty { out.append(.say(["the transcript was reloaded from the server"])) }
            return out + update.items.flatMap { changed($0) }
        case .removed:
            return []
        }
    }

    /// An item appeared or changed: said when it is complete and new; its question followed.
    private mutating func changed(_ item: ChatItem) -> [ScreenReaderOutput] {
        var out: [ScreenReaderOutput] = []
        if let position = positions[item.key] {
            let before = items[position]
            items[position] = item
            if item.delivery == .failed, before.delivery != .failed, let key = item.localId, failuresSaid.insert(key).inserted {
                newestFailed = key
                out.append(.say(["Your message was not sent: \(Self.excerpt(item.text)). /retry sends it again."]))
            }
            out += processed(item, before: before)
            if !item.canRetry, item.localId == newestFailed { newestFailed = nil }
            // A form said while it was loading: its title and texts now that it has them.
            if before.form?.isLoaded == false, item.form?.isLoaded == true { out.append(.say(format.text(of: item))) }
        } else {
            if item.isStreaming {
                streaming.insert(item.key)
                return []
            }
            // Our message is said once the contact center has it (or has refused it), not while it is on its way.
            if item.isOwn, item.delivery?.isOnItsWay == true { return [] }
            streaming.remove(item.key)
            positions[item.key] = items.count
            items.append(item)
            var number: Int?
            if let attachment = item.attachment {
                attachments.append(attachment)
                number = attachments.count
            }
            if !item.isOwn, case .message = item.kind { bursts.said(item.sender) }
            if item.canRetry, let key = item.localId {
                failuresSaid.insert(key)
                newestFailed = key
            }
            out.append(.say(format.lines(for: item, attachmentNumber: number)))
            if !item.isOwn, !item.isHistory, case .message = item.kind { out.append(.send(.seen(messageId: item.id))) }
        }
        return out + questionChange(item)
    }

    /// What the contact center did to our message after it was said: redacted it, blocked it, or
    /// could not check it.
    private mutating func processed(_ item: ChatItem, before: ChatItem) -> [ScreenReaderOutput] {
        guard item.isOwn else { return [] }
        if item.isRedacted, !before.isRedacted {
            return [.say(["The contact center redacted your message; it was delivered as: \(Self.excerpt(item.text))"])]
        }
        guard item.delivery != before.delivery else { return [] }
        switch item.delivery {
        case .rejected:
            return [.say(["Your message was not delivered: blocked by the contact center's message rules: \(Self.excerpt(item.text))"])]
        case .notProcessed:
            if let key = item.localId { newestFailed = key }
            return [.say(["Your message was not delivered: the contact center could not check it: \(Self.excerpt(item.text)). /retry sends it again."])]
        default:
            return []
        }
    }

    /// The open question after `item` changed: a new list said, a changed form's fields said, a
    /// closed question's prompt taken back.
    private mutating func questionChange(_ item: ChatItem) -> [ScreenReaderOutput] {
        let asked = item.isHistory ? nil : ScreenReaderQuestion(item)
        if let current = question, current.itemID == item.id {
            guard let asked else {
                question = nil
                filling = nil
                return [.prompt(prompt)]
            }
            question = asked
            if asked.options != current.options || asked.fields.map(\.name) != current.fields.map(\.name) {
                return [.say(asked.listing), .prompt(prompt)]
            }
            let changes = asked.changes(since: current)
            return changes.isEmpty ? [] : [.say(changes)]
        }
        guard let asked else { return [] }
        question = asked
        filling = nil
        return [.say(asked.listing), .prompt(prompt)]
    }

    /// Transfer progress: every quarter, the end of an upload, and a failure.
    private mutating func transfer(_ transfer: FileTransfer) -> [ScreenReaderOutput] {
        switch transfer.phase {
        case .running:
            guard let percent = transfer.percent, percent % 25 == 0, percent > 0, percent < 100,
                transferSteps.insert("\(transfer.direction)/\(transfer.id)/\(percent)").inserted
            else { return [] }
            return [.say([TerminalSafeText.oneLine(transfer.summary)])]
        case .finished(let path):
            var out: [ScreenReaderOutput] = [.say([TerminalSafeText.oneLine(transfer.summary)])]
            if opens.remove(transfer.id) != nil, let path { out.append(.openURL(path)) }
            return out
        case .failed:
            opens.remove(transfer.id)
            return [.say([TerminalSafeText.oneLine(transfer.summary)])]
        }
    }

    /// A text's lines, each made safe.
    static func split(_ text: String) -> [String] {
        TerminalSafeText.clean(text).split(separator: "\n").map { TerminalSafeText.oneLine(String($0)) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The start of a message, to name it in a line.
    static func excerpt(_ text: String) -> String {
        let line = TerminalSafeText.oneLine(text)
        return line.count > 40 ? String(line.prefix(40)) + "…" : line
    }
}

/// "Is typing" once per burst: a burst is typing from one participant with no message from them,
/// no stop, and no pause longer than a typing notice lasts.
struct TypingBursts: Sendable {
    private var lastSeen: [String: Date] = [:]

    /// Notes a typing notice; true when it starts a burst (say it).
    mutating func typing(_ participant: Participant, now: Date) -> Bool {
        let key = Self.key(participant)
        defer { lastSeen[key] = now }
        guard let last = lastSeen[key] else { return true }
        return now.timeIntervalSince(last) > ChatEvent.typingLifetime
    }

    /// The participant stopped typing: the next notice starts a burst.
    mutating func stopped(_ participant: Participant) { lastSeen[Self.key(participant)] = nil }

    /// The participant's message arrived: the burst is over.
    mutating func said(_ participant: Participant) { lastSeen[Self.key(participant)] = nil }

    private static func key(_ participant: Participant) -> String { participant.id ?? participant.name }
}
