import ChatModel
import Foundation

/// `/attach`, `/download`, `/open #N`, Tab completion of their paths, and transfer progress.
extension Reducer {
    /// `/attach PATH`: asks the engine to upload the file. A path that is not a readable file
    /// stays in the composer to be corrected.
    static func runAttach(_ state: inout UIState, _ text: String, argument: String, now: Date) -> [UIEffect] {
        guard !argument.isEmpty else {
            addNotice(&state, "Usage: /attach PATH (Tab completes the path).", now: now)
            return []
        }
        let path = (PathCompletion.unquote(argument) as NSString).expandingTildeInPath
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        // Whether it is a file is known once its folder is listed (``attachChecked``).
        state.folderWanted = FolderWanted(folder: folder, purpose: .attach(text: text, argument: argument, path: path))
        return [.listFolder(folder)]
    }

    /// A folder listing came: carries on with what it was asked for, if it is still wanted.
    static func folderListed(_ state: inout UIState, path: String, names: [String]?, now: Date) -> [UIEffect] {
        guard let wanted = state.folderWanted, wanted.folder == path else { return [] }
        state.folderWanted = nil
        switch wanted.purpose {
        case .completion(let draft):
            // Only for the draft it was asked for: a key typed meanwhile asks again.
            guard state.composer.text == draft else { return [] }
            return completeCommandPath(&state, listing: (path, names ?? []), now: now) ?? []
        case .attach(let text, let argument, let file):
            let name = (file as NSString).lastPathComponent
            let names = names ?? []
            guard names.contains(name) else {
                // Kept in the composer, to be corrected (unless something was typed meanwhile;
                // it is in the input history either way).
                if state.composer.isEmpty { state.composer.setText(text) }
                addNotice(&state, names.contains(name + "/") ? "\(argument) is a folder; /attach takes a file."
                    : "No such file: \(argument)", now: now)
                return []
            }
            scrollToBottom(&state)
            return [.send(.attach(path: file))]
        }
    }

    /// `/download N [DIR]`: saves attachment N.
    static func runDownload(_ state: inout UIState, argument: String, now: Date) -> [UIEffect] {
        let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = parts.first, let attachment = attachment(&state, numbered: first, command: "download", now: now)
        else { return [] }
        let folder = parts.count > 1 ? (PathCompletion.unquote(parts[1].trimmingCharacters(in: .whitespaces)) as NSString).expandingTildeInPath : nil
        addNotice(&state, "Downloading \(attachment.displayName)…", now: now)
        return [.send(.download(attachmentId: attachment.id, directory: folder))]
    }

    /// `/open #N` (or `/open N` when the transcript has no links): downloads attachment N and
    /// opens it once saved.
    static func runOpenAttachment(_ state: inout UIState, argument: String, now: Date) -> [UIEffect] {
        guard let attachment = attachment(&state, numbered: argument, command: "open", now: now) else { return [] }
        state.pendingOpens.insert(attachment.id)
        addNotice(&state, "Downloading \(attachment.displayName) to open it…", now: now)
        return [.send(.download(attachmentId: attachment.id, directory: nil))]
    }

    /// The attachment numbered `text` (`3` or `#3`), or a notice saying why there is none.
    private static func attachment(_ state: inout UIState, numbered text: String, command: String, now: Date) -> Attachment? {
        let count = state.store.attachmentCount
        guard let n = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), n >= 1, n <= count,
            let attachment = state.store.attachment(number: n)?.attachment
        else {
            let usage = command == "open" ? "/open #N" : "/download N [DIR]"
            addNotice(&state, count == 0 ? "There are no attachments in the transcript."
                : "Usage: \(usage), with N from 1 to \(count) (the number after 📎).", now: now)
            return nil
        }
        if attachment.isRejected {
            addNotice(&state, "\(attachment.displayName) was rejected by the contact center's scan and cannot be downloaded.", now: now)
            return nil
        }
        return attachment
    }

    /// Tab after `/attach ` or `/download N `: completes the path from `listing` (its folder and
    /// names), or asks for the folder to be listed when that is not it; nil when the draft is not
    /// such a command.
    static func completeCommandPath(_ state: inout UIState, listing: (folder: String, names: [String])?, now: Date) -> [UIEffect]? {
        let text = state.composer.text
        let head: String
        let partial: String
        let foldersOnly: Bool
        if text.lowercased().hasPrefix("/attach ") {
            head = String(text.prefix(8))
            partial = String(text.dropFirst(8))
            foldersOnly = false
        } else if text.lowercased().hasPrefix("/download "),
            let space = text.dropFirst(10).firstIndex(of: " ")
        {
            head = String(text[...space])
            partial = String(text[text.index(after: space)...])
            foldersOnly = true
        } else {
            return nil
        }
        // What was typed may be escaped or quoted; the completion is written escaped.
        var raw = PathCompletion.unquote(partial)
        if let quote = raw.first, quote == "\"" || quote == "'", !raw.dropFirst().contains(quote) { raw.removeFirst() }
        let folder = PathCompletion.folder(of: raw)
        guard let listing, listing.folder == folder else {
            state.folderWanted = FolderWanted(folder: folder, purpose: .completion(draft: text))
            return [.listFolder(folder)]
        }
        let (completedRaw, candidates) = PathCompletion.complete(raw, foldersOnly: foldersOnly, names: listing.names)
        let completed = completedRaw == raw ? partial : PathCompletion.escape(completedRaw)
        if completed != partial { state.composer.setText(head + completed) }
        if !candidates.isEmpty {
            let shown = candidates.prefix(12).joined(separator: "  ") + (candidates.count > 12 ? "  …" : "")
            state.hint = (shown, now.addingTimeInterval(hintLifetime))
        } else if completed == partial {
            state.hint = ("no file matches \(partial.isEmpty ? "here" : partial)", now.addingTimeInterval(hintLifetime))
        }
        return []
    }

    /// Progress in the typing line while bytes move; a finished download asked for by `/open` is opened.
    static func handleTransfer(_ state: inout UIState, _ transfer: FileTransfer, now: Date) -> [UIEffect] {
        switch transfer.phase {
        case .running:
            state.hint = ((transfer.direction == .upload ? "⇡ " : "⇣ ") + transfer.displaySummary, now.addingTimeInterval(60))
            return []
        case .finished(let path):
            state.hint = (transfer.displaySummary, now.addingTimeInterval(hintLifetime))
            if let path, state.pendingOpens.remove(transfer.id) != nil { return [.openURL(path)] }
            return []
        case .failed:
            state.hint = nil
            state.pendingOpens.remove(transfer.id)
            return []
        }
    }
}
