import ChatModel
import Foundation

/// Attachments an earlier run was still uploading when it stopped: shown as not sent, with `/retry`.
extension SessionCore {
    /// Puts an upload an earlier run left unfinished back into the chat as failed (it may or may not
    /// have reached the server, so it is not sent again unasked).
    mutating func restore(_ upload: SavedUpload) {
        guard uploads.file(localId: upload.localId) == nil else { return }
        let me = info?.me ?? Participant(name: "You", role: .customer)
        let file = upload.file
        let attachment = Attachment(id: upload.localId, name: file.name, contentType: file.contentType, size: file.size)
        transcript.addPending(ChatItem(
            id: upload.localId, localId: upload.localId, time: upload.attachedAt, sender: me, kind: .attachment(attachment),
            contentType: file.contentType, text: "📎 \(file.name)", delivery: .failed))
        uploads.add(file, localId: upload.localId, at: upload.attachedAt)
        uploads.fail(localId: upload.localId)
        restoredUploads.append(upload.localId)
    }

    /// Says, once, which restored uploads were never sent, and writes their items to the transcript files.
    mutating func announceRestoredUploads() {
        guard !restoredUploads.isEmpty else { return }
        let items = restoredUploads.compactMap { transcript.item(localId: $0) }
        restoredUploads = []
        for item in items { record(item) }
        let names = items.compactMap { $0.attachment?.name }
        guard !names.isEmpty else { return }
        let list = names.joined(separator: ", ")
        let them = names.count == 1 ? "it" : "them"
        notice("Not sent: Helpline stopped while uploading \(list). /retry sends \(them) again.")
    }
}
