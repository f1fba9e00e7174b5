import ChatModel
import ChatUI
import Foundation

/// Line mode's `/attach PATH`, `/download N [DIR]` and `/open N`, and its transfer progress lines.
enum PlainAttachments {
    /// Runs an attachment command typed on stdin; false when the command is not one.
    static func run(
        _ command: SlashCommand, argument: String, tracker: PlainActivity, send: @Sendable (ChatCommand) async -> Void,
        status: @Sendable (String) -> Void
    ) async -> Bool {
        let word = command.name
        switch command {
        case .attach:
            guard !argument.isEmpty else {
                status("helpline: usage: /attach PATH")
                return true
            }
            await send(.attach(path: (PathCompletion.unquote(argument) as NSString).expandingTildeInPath))
        case .download, .open:
            let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
            let number = parts.first.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.flatMap { Int($0) }
            guard let number, let attachment = await tracker.attachment(number: number) else {
                let count = await tracker.attachmentCount
                status(count == 0 ? "helpline: there are no attachments"
                    : "helpline: usage: \(word) N\(word == "/download" ? " [DIR]" : ""), with N from 1 to \(count)")
                return true
            }
            if word == "/open" { await tracker.openWhenSaved(attachment.id) }
            let folder = word == "/download" && parts.count > 1
                ? (PathCompletion.unquote(parts[1]) as NSString).expandingTildeInPath : nil
            await send(.download(attachmentId: attachment.id, directory: folder))
        default:
            return false
        }
        return true
    }

    /// A status line for a transfer report worth printing (every 25 %), and a file to open, if any.
    static func report(_ transfer: FileTransfer, tracker: PlainActivity) async -> (line: String?, open: String?) {
        switch transfer.phase {
        case .running:
            guard let percent = transfer.percent, percent % 25 == 0, percent < 100,
                await tracker.firstReport(of: transfer, at: percent)
            else { return (nil, nil) }
            return ("-- " + transfer.summary, nil)
        case .finished(let path):
            let open = await tracker.takeOpen(transfer.id) ? path : nil
            return (transfer.direction == .upload ? "-- " + transfer.summary : nil, open)
        case .failed:
            _ = await tracker.takeOpen(transfer.id)
            return (nil, nil)
        }
    }

    /// The line for an attachment item: `📎 #N name (type, size)` and its scan verdict.
    static func describe(_ attachment: Attachment, number: Int?) -> String {
        var details = [TerminalSafeText.oneLine(attachment.contentType)]
        if let size = attachment.size { details.append(FileTransfer.size(size)) }
        let tag = number.map { "#\($0) " } ?? ""
        let verdict = attachment.isRejected ? " [rejected by the scan]" : ""
        return "📎 \(tag)\(TerminalSafeText.oneLine(attachment.name)) (\(details.joined(separator: ", ")))\(verdict)"
    }
}

extension PlainActivity {
    /// Numbers an attachment the first time it is printed (1-based); returns its number.
    func number(_ item: ChatItem) -> Int? {
        printedItems += 1
        guard let attachment = item.attachment else { return nil }
        let key = item.localId ?? item.id
        if let index = attachmentKeys.firstIndex(of: key) {
            attachmentsByKey[key] = attachment
            return index + 1
        }
        attachmentKeys.append(key)
        attachmentsByKey[key] = attachment
        return attachmentKeys.count
    }

    /// How many attachments have been printed.
    var attachmentCount: Int { attachmentKeys.count }

    /// The attachment printed with number `n`.
    func attachment(number n: Int) -> Attachment? {
        guard n >= 1, n <= attachmentKeys.count else { return nil }
        return attachmentsByKey[attachmentKeys[n - 1]]
    }

    /// True the first time `transfer` reports `percent` (several reports may round to one step).
    func firstReport(of transfer: FileTransfer, at percent: Int) -> Bool {
        reportedSteps.insert("\(transfer.direction)/\(transfer.id)/\(percent)").inserted
    }

    /// True the first time a rejected attachment is reported.
    func firstRejection(_ id: String) -> Bool { rejections.insert(id).inserted }

    /// Remembers to open an attachment once it is saved.
    func openWhenSaved(_ id: String) { opens.insert(id) }

    /// True (once) when the attachment was to be opened.
    func takeOpen(_ id: String) -> Bool { opens.remove(id) != nil }
}

extension PlainActivity {
    /// What line mode prints when a form changes: "" to print the whole item again (the form has
    /// just loaded), a status line listing the fields (one was filled in), or nil (nothing to print).
    func formChange(_ item: ChatItem) -> String? {
        guard let form = item.form, item.answer == nil, !item.isOwn else { return nil }
        let before = forms.updateValue(form, forKey: item.id)
        if before?.isLoaded != true { return form.isLoaded ? "" : nil }
        guard before != form else { return nil }
        let values = form.fields.map { "\($0.name): \($0.value.isEmpty ? "—" : $0.value)" }
        return "-- form: " + values.joined(separator: ", ")
    }
}
