import ChatModel
import ChatUI
import Foundation

extension PlainMode {
    /// Prints what one transcript change shows: a new item (a streamed reply once it settled, our
    /// messages once they left `pending`), a page of older items, or a reloaded transcript.
    func printTranscript(
        _ update: TranscriptUpdate, tracker: PlainActivity, printer: PlainPrinter,
        output: @Sendable (String) -> Void, status: @Sendable (String) -> Void,
        send: @Sendable (ChatCommand) async -> Void
    ) async {
        switch update.change {
        case .inserted:
            guard let item = update.item else { return }
            // A streamed reply is printed once, when it has settled (line mode cannot redraw).
            if item.isStreaming {
                await tracker.holdStreaming(item.id)
            } else if !item.isOwn || item.delivery?.isOnItsWay != true {
                if item.isOwn { _ = await tracker.markPrinted(item) }
                output(printer.format(item, number: await tracker.number(item)))
            }
            _ = await tracker.formChange(item)
            // Line mode shows every message as it arrives, with focus unknown: printed is seen.
            if !item.isOwn, !item.isHistory, case .message = item.kind { await send(.seen(messageId: item.id)) }
        case .updated, .moved:
            guard let item = update.item else { return }
            let settledOwn = await tracker.shouldPrintSettled(item)
            let settledStream = await tracker.releaseStreamed(item)
            if settledOwn || settledStream { output(printer.format(item, number: await tracker.number(item))) }
            if !settledOwn, let outcome = await tracker.lateOutcome(item) { status(Self.describe(outcome, of: item)) }
            if let line = await tracker.formChange(item) { line.isEmpty ? output(printer.format(item)) : status(line) }
            if let attachment = item.attachment, attachment.isRejected, await tracker.firstRejection(item.id) {
                status("-- \(attachment.name) was rejected by the contact center's scan; it cannot be downloaded")
            }
        case .removed:
            break
        case .merged(let count, _):
            for item in update.items.prefix(count) { output(printer.format(item, number: await tracker.number(item))) }
        case .reset:
            // Line mode cannot clear what it printed: it marks a reload and prints the history once more.
            if await tracker.hasPrinted { status("-- the transcript was reloaded from the server") }
            for item in update.items where !item.isStreaming && item.delivery?.isOnItsWay != true {
                if item.isOwn { _ = await tracker.markPrinted(item) }
                output(printer.format(item, number: await tracker.number(item)))
            }
        }
    }

    /// A status line for what the contact center did to our message after line mode printed it.
    static func describe(_ outcome: PlainOutcome, of item: ChatItem) -> String {
        let excerpt = TerminalSafeText.oneLine(item.text)
        switch outcome {
        case .redacted: return "-- the contact center redacted your message; it was delivered as: \(excerpt)"
        case .rejected: return "-- your message was not delivered: blocked by the contact center's message rules"
        case .notProcessed: return "-- your message was not delivered: the contact center could not check it; /retry sends it again"
        }
    }
}
