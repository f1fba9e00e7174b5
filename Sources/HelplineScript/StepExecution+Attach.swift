import ChatEngine
import ChatModel
import Foundation

extension StepExecution {
    /// How long an upload may take before the step fails.
    static let uploadLimit: Duration = .seconds(120)
    /// How long to wait for the server's scan verdict once the upload is complete.
    static let verdictLimit: Duration = .seconds(5)

    /// `attach PATH`: uploads the file and waits until the contact center accepted it (or
    /// failed, or its scan rejected the file).
    func attach(_ path: String, step: ScriptStep) async -> StepResult {
        if let problem = await session.attachmentProblem(path: path) {
            return StepResult(step: step, failure: "cannot attach \(path): \(problem)")
        }
        guard let localId = await session.attach(path: path) else {
            return StepResult(step: step, failure: "the attachment was not accepted")
        }
        let deadline = ContinuousClock.now + Self.uploadLimit
        var sentAt: ContinuousClock.Instant?
        while ContinuousClock.now < deadline, !Task.isCancelled {
            if let item = inbox.ownAttachment(localId), let attachment = item.attachment {
                if item.delivery == .failed {
                    return StepResult(step: step, failure: "the upload of \(attachment.name) failed")
                }
                if attachment.isRejected {
                    return StepResult(step: step, failure: "the contact center's scan rejected \(attachment.name)")
                }
                if item.delivery != .pending {
                    let size = attachment.size.map { ", \(FileTransfer.size($0))" } ?? ""
                    if let status = attachment.status {
                        return StepResult(step: step, detail: "sent \(attachment.name)\(size), \(status.lowercased())")
                    }
                    let since = sentAt ?? .now
                    sentAt = since
                    if ContinuousClock.now - since > Self.verdictLimit {
                        return StepResult(step: step, detail: "sent \(attachment.name)\(size)")
                    }
                }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return StepResult(step: step, failure: "the upload did not finish within \(LatencyStats.format(Self.uploadLimit))")
    }
}
