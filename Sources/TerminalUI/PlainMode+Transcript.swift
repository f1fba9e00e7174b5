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
            } else if !item.isOwn || item.delivery != .pending {
                if item.isOwn, let localId = item.localId { _ = await tracker.markPrinted(localId) }
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
            for item in update.items where !item.isStreaming && item.delivery != .pending {
                if item.isOwn, let localId = item.localId { _ = await tracker.markPrinted(localId) }
                output(printer.format(item, number: await tracker.number(item)))
            }
        }
    }
}
