import ChatModel
import Foundation

/// Turns a live chat's events into script steps, in the order a replay will meet them.
///
/// It reads the events exactly as `helpline script` does: a reply is recorded when it is first
/// complete (a new message, or a streamed one when its last part came), with the text the replay's
/// `expect` will see. A choice picked shows as the picker's answer followed by our message: that
/// becomes `pick N`; a changed form field becomes `set`; the chat going to *ending* is our `end`,
/// a chat that ended otherwise `expect-event ended`.
public struct RecordingBuilder: Sendable {
    /// The steps so far.
    public private(set) var steps: [RecordedStep] = []
    /// Our own display name, once the session says it.
    public private(set) var me: String?
    /// Where the chat runs (`Amazon Connect at 127.0.0.1`), once known.
    public private(set) var backend: String?
    /// True once the chat is over (or ending, when we ended it).
    public private(set) var isOver = false

    private var streaming: Set<String> = []
    private var answered: Set<String> = []
    private var formValues: [String: [String: String]] = [:]
    /// True right after a picker's answer: our message that follows is the pick's, not a `send`.
    private var pickMessageDue = false
    private var lastStep: ContinuousClock.Instant?

    /// Creates an empty recording.
    public init() {}

    /// Takes one event, published at `time`.
    public mutating func take(_ event: ChatEvent, at time: ContinuousClock.Instant) {
        if lastStep == nil { lastStep = time }
        switch event {
        case .sessionInfo(let info):
            if !info.me.name.isEmpty { me = info.me.name }
            backend = "\(info.backend) at \(info.endpoint)"
        case .connection(.closing):
            guard !isOver else { return }
            isOver = true
            append(.end, at: time)
        case .connection(let state) where state.isTerminal:
            guard !isOver else { return }
            isOver = true
            if case .failed(let reason) = state {
                append(.note("The chat failed here: \(reason)"), at: time)
            } else {
                append(.ended(after: since(time)), at: time)
            }
        case .transcript(let update):
            take(update, at: time)
        default:
            break
        }
    }

    private mutating func take(_ update: TranscriptUpdate, at time: ContinuousClock.Instant) {
        guard !isOver, let item = update.item, !item.isHistory else {
            pickMessageDue = false
            return
        }
        let pickMessage = pickMessageDue
        pickMessageDue = false
        if update.isNewItem {
            inserted(item, pickMessage: pickMessage, at: time)
        } else {
            changed(item, at: time)
        }
    }

    private mutating func inserted(_ item: ChatItem, pickMessage: Bool, at time: ContinuousClock.Instant) {
        if item.isOwn {
            if let file = item.attachment {
                append(.note("Sent the file \(file.name) here (attach steps are not recorded; add one by hand)."), at: time)
            } else if !pickMessage {
                append(.send(item.text), at: time)
            }
            return
        }
        if StepExecution.isReply(item) {
            if item.isStreaming {
                streaming.insert(item.id)
            } else {
                reply(item, at: time)
            }
            noteForm(item)
            return
        }
        switch item.kind {
        case .event(.chatEnded):
            isOver = true
            append(.ended(after: since(time)), at: time)
        case .event(.joined), .event(.left):
            if item.sender.role != .customer { append(.note(item.text), at: time) }
        case .message where item.sender.role == .system:
            append(.note("\(item.sender.name): \(item.text)"), at: time)
        default:
            break
        }
    }

    private mutating func changed(_ item: ChatItem, at time: ContinuousClock.Instant) {
        guard !item.isOwn else { return }
        if streaming.contains(item.id), !item.isStreaming {
            streaming.remove(item.id)
            reply(item, at: time)
        }
        if let answer = item.answer, !answered.contains(item.id) {
            answered.insert(item.id)
            // Text typed while a form waits answers it too; only an answer that is one of the choices is a pick.
            if let index = item.choices?.firstIndex(of: answer) {
                append(.pick(number: index + 1, title: answer), at: time)
                pickMessageDue = true
            }
            return
        }
        guard let form = item.form, form.isLoaded, item.answer == nil else { return }
        let values = Dictionary(form.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        if let before = formValues[item.id] {
            for field in form.fields where before[field.name] != field.value {
                append(.set(field: field.name, value: field.value), at: time)
            }
        } else {
            // The expect above saw the form still loading: say what it turned out to be.
            let actions = (item.choices ?? []).enumerated().map { "\($0.offset + 1). \($0.element)" }
            append(.note((["The form, once loaded:", form.markdown] + actions).joined(separator: "\n")), at: time)
        }
        formValues[item.id] = values
    }

    /// Remembers a form's values as they arrived, so only the customer's changes become `set`.
    private mutating func noteForm(_ item: ChatItem) {
        guard let form = item.form, form.isLoaded else { return }
        formValues[item.id] = Dictionary(form.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private mutating func reply(_ item: ChatItem, at time: ContinuousClock.Instant) {
        append(.expect(speaker: item.sender.name, text: item.displayText, after: since(time)), at: time)
    }

    private func since(_ time: ContinuousClock.Instant) -> Duration {
        lastStep.map { time - $0 } ?? .zero
    }

    private mutating func append(_ step: RecordedStep, at time: ContinuousClock.Instant) {
        steps.append(step)
        if case .note = step { return }
        lastStep = time
    }

    /// True when there is at least one step to replay.
    public var hasSteps: Bool {
        steps.contains { if case .note = $0 { return false } else { return true } }
    }

    /// The script: a header, then the steps; `ending` (say, why the recording stopped) goes last as a comment.
    public func script(recordedAt date: Date = Date(), ending: String? = nil) -> String {
        let stamp = date.formatted(Date.ISO8601FormatStyle())
        var lines = [
            "# Recorded by helpline on \(stamp)\(backend.map { " (\($0))" } ?? "")\(me.map { " as \($0)" } ?? "").",
            "# Replay it with `helpline script FILE` (plus the backend options, if not the demo). Each expect is the reply",
            "# above it as a regular expression: numbers, times, dates, ids and the customer's name are generalised.",
            "",
        ]
        for step in steps { lines += step.lines(me: me) }
        if let ending { lines += RecordedStep.note(ending).lines(me: me) }
        return lines.joined(separator: "\n") + "\n"
    }
}
