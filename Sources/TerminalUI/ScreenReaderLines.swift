import ChatModel
import Foundation
import MarkdownANSI

/// The words the accessible mode prints: each message once, as `Ava, agent, 10:42: text` (name, role,
/// time, then the text with markdown reduced to plain lines), and short lines for what changes.
///
/// Everything from outside goes through ``TerminalSafeText``; nothing here adds an escape sequence.
struct ScreenReaderLines: Sendable {
    /// The time zone of the times shown (the machine's; injected in tests).
    var timeZone: TimeZone = .current

    /// `10:42`: hours and minutes, as a screen reader reads a time.
    func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Who said it: `Ava, agent`, `Helpline Bot, bot`, `You` (the role is left out when the name says it).
    func speaker(_ item: ChatItem) -> String {
        if item.isOwn { return "You" }
        let name = TerminalSafeText.oneLine(item.sender.name).trimmingCharacters(in: .whitespaces)
        let role = Self.roleWord(item.sender.role)
        if name.isEmpty { return role.prefix(1).uppercased() + role.dropFirst() }
        return name.lowercased() == role ? name : "\(name), \(role)"
    }

    /// The role as one word.
    static func roleWord(_ role: ParticipantRole) -> String {
        switch role {
        case .customer: "customer"
        case .agent: "agent"
        case .bot: "bot"
        case .system: "system"
        case .supervisor: "supervisor"
        }
    }

    /// The lines of one item: the first names speaker and time, the text follows (its further lines
    /// are the text's own lines, paragraphs and list items). Choices and forms are not in it: the
    /// numbered list of ``ScreenReaderQuestion`` follows when they are open.
    func lines(for item: ChatItem, attachmentNumber: Int? = nil) -> [String] {
        let earlier = item.isHistory ? ", earlier" : ""
        if case .event = item.kind {
            return ["\(TerminalSafeText.oneLine(item.text))\(earlier), \(clock(item.time))"]
        }
        let head = "\(speaker(item))\(earlier), \(clock(item.time)): "
        var body: [String]
        if let attachment = item.attachment {
            body = [TerminalSafeText.oneLine(PlainAttachments.describe(attachment, number: attachmentNumber))
                .replacingOccurrences(of: "📎 ", with: "attachment ")]
        } else {
            body = text(of: item)
        }
        if body.isEmpty { body = ["(no text)"] }
        switch item.delivery {
        case .failed: body[0] = "not sent, /retry sends it again: " + body[0]
        case .unconfirmed: body[0] = "not confirmed: " + body[0]
        case .rejected: body[0] = "not delivered, blocked by the contact center's message rules: " + body[0]
        case .notProcessed: body[0] = "not delivered, the contact center could not check it, /retry sends it again: " + body[0]
        default: if item.isRedacted { body[body.count - 1] += " (redacted by the contact center)" }
        }
        return [head + body[0]] + body.dropFirst()
    }

    /// The message's own text (the form's intro for a form), as plain lines, then its cards and
    /// what was picked.
    func text(of item: ChatItem) -> [String] {
        let source = item.form?.intro ?? item.text
        var lines: [String]
        if item.isMarkdown || item.form != nil {
            lines = Markdown.spokenLines(TerminalSafeText.clean(source)).map { TerminalSafeText.oneLine($0) }
        } else {
            lines = TerminalSafeText.clean(source).split(separator: "\n").map { TerminalSafeText.oneLine(String($0)) }
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        for card in item.cards ?? [] { lines.append(Self.cardLine(card)) }
        if let answer = item.answer { lines.append("You picked: \(TerminalSafeText.oneLine(answer))") }
        return lines
    }

    /// A card as words: `Link: Opening hours, https://…`.
    static func cardLine(_ card: ChatCard) -> String {
        let kind = switch card.kind {
        case .image: "Image"
        case .link: "Link"
        case .call: "Call"
        case .file: "Attachment"
        }
        let title = TerminalSafeText.oneLine(card.title)
        let action = card.action.map { " (\(TerminalSafeText.oneLine($0)))" } ?? ""
        let url = card.url.map { ", " + TerminalSafeText.oneLine($0) } ?? ""
        return "\(kind): \(title)\(action)\(url)"
    }

    /// A short line for a new connection state (nil: nothing worth saying). `previous` is the state
    /// said before: an outage is told once, not per attempt.
    func connection(_ state: ConnectionState, previous: ConnectionState?) -> String? {
        switch state {
        case .idle: return nil
        case .connecting: return previous == .connecting ? nil : "connecting"
        case .open:
            if case .reconnecting = previous { return "reconnected" }
            if case .failed = previous { return "reconnected" }
            return previous == .open ? nil : "connected"
        case .reconnecting:
            if case .reconnecting = previous { return nil }
            return "reconnecting"
        case .closing: return previous == .closing ? nil : "ending the chat"
        case .closed(let reason): return "chat ended: \(TerminalSafeText.oneLine(reason.description))"
        case .failed(let reason): return "connection failed: \(TerminalSafeText.oneLine(reason))"
        }
    }

    /// `Ava is typing`.
    func typing(_ participant: Participant) -> String {
        let name = TerminalSafeText.oneLine(participant.name).trimmingCharacters(in: .whitespaces)
        return "\(name.isEmpty ? "Someone" : name) is typing"
    }
}
