import ChatModel
import Foundation
import SessionCore

/// Reading the Participant Service's answers.
extension ConnectWire {
    public mutating func resume(_ operation: WireOperation, with result: HTTPResult, now: Date) -> WireOutput {
        switch operation {
        case .start, .renewSession:
            return startAnswered(result)
        case .connect:
            switch ConnectErrors.decode(result, "CreateParticipantConnection", as: CreateParticipantConnectionResponse.self) {
            case .success(let reply):
                guard let url = reply.websocket?.url, !url.isEmpty, let token = reply.connectionCredentials?.connectionToken,
                    !token.isEmpty
                else {
                    return .failed(.protocolViolation("CreateParticipantConnection returned no socket URL or connection token"))
                }
                if let problem = OutsideNumbers.portProblem(in: url) {
                    return .failed(.protocolViolation("CreateParticipantConnection returned a socket URL whose \(problem)"))
                }
                connectionToken = token
                return .done(.socket(SocketEndpoint(url: url, largestMessage: largestSocketMessage)))
            case .failure(let error):
                return .failed(error)
            }
        case .send:
            switch ConnectErrors.decode(result, "SendMessage", as: SendResponse.self) {
            case .success(let reply):
                guard let id = reply.id else { return .failed(.protocolViolation("SendMessage returned no Id")) }
                return .done(.accepted(
                    id: id, time: reply.absoluteTime.flatMap(ConnectTime.parse) ?? now, sequence: nil,
                    processing: ConnectProcessingStatus.verdict(reply.messageMetadata?.messageProcessingStatus)))
            case .failure(let error):
                return .failed(error)
            }
        case .typing, .receipt, .end:
            switch ConnectErrors.decode(result, "SendEvent", as: EmptyAnswer.self) {
            case .success: return .done(.none)
            case .failure(let error): return .failed(error)
            }
        case .fetch:
            switch ConnectErrors.decode(result, "GetTranscript", as: GetTranscriptResponse.self) {
            case .success(let reply):
                let items = (reply.transcript ?? []).sorted { $0.absoluteTime < $1.absoluteTime }
                let token = reply.nextToken.flatMap { $0.isEmpty ? nil : $0 }
                let events = markAnsweredPickers(prepareViews(tagOwnUploads(items.flatMap { ConnectItemMapper.events(for: $0, arrival: now) })))
                return .done(.page(TranscriptPage(events: events, nextPageToken: token)))
            case .failure(let error):
                return .failed(error)
            }
        case .upload(let file, let localId):
            return uploadAnswered(file, localId: localId, result)
        case .downloadURL:
            switch ConnectErrors.decode(result, "GetAttachment", as: GetAttachmentResponse.self) {
            case .success(let reply):
                guard let url = reply.url, !url.isEmpty else { return .failed(.protocolViolation("GetAttachment returned no Url")) }
                if let problem = OutsideNumbers.portProblem(in: url) {
                    return .failed(.protocolViolation("GetAttachment returned a Url whose \(problem)"))
                }
                return .done(.downloadURL(url))
            case .failure(let error):
                return .failed(error)
            }
        case .describeView(let itemId):
            return viewAnswered(itemId, result)
        case .authenticationURL, .cancelAuthentication:
            return authenticationAnswered(operation, result)
        }
    }

    /// The start-chat template backend's answer (spec §1.2).
    private mutating func startAnswered(_ result: HTTPResult) -> WireOutput {
        let url: String
        switch start {
        case .template(let address, _, _, _), .persistent(let address, _, _): url = address
        default: return .failed(.protocolViolation("the chat was not started"))
        }
        let response: HTTPResponse
        switch result {
        case .response(let answer): response = answer
        case .failure(let failure): return .failed(.network(failure.rephrased { "could not reach the start-chat URL \(url): \($0)" }))
        case .redirectRefused(let redirect): return .failed(.redirectRefused(redirect))
        }
        guard let decoded = try? JSONDecoder().decode(StartChatTemplateResponse.self, from: response.body) else {
            let kind = response.headers["content-type"] ?? "no content type"
            return .failed(.protocolViolation(
                "the start-chat URL answered HTTP \(response.status) with \(kind), not the expected JSON — is it a startChatContactAPI endpoint?"))
        }
        guard response.status == 200 else {
            let message = decoded.data?.error?.message ?? decoded.message ?? "no details"
            let code = decoded.data?.error?.code ?? "HTTP\(response.status)"
            if response.status == 429 || response.status >= 500 {
                return .failed(.unavailable(status: response.status, type: code, message: message))
            }
            return .failed(.rejected(status: response.status, type: code, message: message))
        }
        let markdown = decoded.data?.featurePermissions?["MESSAGING_MARKDOWN"] ?? false
        guard let chat = decoded.data?.startChatResult?.started(markdownAllowed: markdown) else {
            return .failed(.protocolViolation("the start-chat reply had no data.startChatResult.ParticipantToken"))
        }
        started = chat
        return sessionInfo.map { .done(.started($0)) } ?? .failed(.protocolViolation("the chat was not started"))
    }

    /// StartAttachmentUpload, the PUT to the pre-signed URL with exactly the returned headers, then
    /// CompleteAttachmentUpload (spec §4.8).
    private mutating func uploadAnswered(_ file: AttachmentFile, localId: String, _ result: HTTPResult) -> WireOutput {
        switch uploadSteps[localId] {
        case .starting:
            switch ConnectErrors.decode(result, "StartAttachmentUpload", as: StartAttachmentUploadResponse.self) {
            case .success(let reply):
                guard let attachmentId = reply.attachmentId, let url = reply.uploadMetadata?.url else {
                    uploadSteps[localId] = nil
                    return .failed(.protocolViolation("StartAttachmentUpload returned no AttachmentId or upload URL"))
                }
                if let problem = OutsideNumbers.portProblem(in: url) {
                    uploadSteps[localId] = nil
                    return .failed(.protocolViolation("StartAttachmentUpload returned an upload URL whose \(problem)"))
                }
                // The server may announce the attachment before CompleteAttachmentUpload answers.
                uploadTags[attachmentId] = localId
                uploadSteps[localId] = .putting(attachmentId: attachmentId)
                // Exactly the headers the URL was signed with, spelled as given (chatjs #188).
                let headers = (reply.uploadMetadata?.headersToInclude ?? [:]).sorted { $0.key < $1.key }
                    .map { HTTPHeader($0.key, $0.value) }
                return .upload(FileUpload(url: url, headers: headers, path: file.path, size: file.size))
            case .failure(let error):
                uploadSteps[localId] = nil
                return .failed(error)
            }
        case .putting(let attachmentId):
            switch result {
            case .failure(let failure):
                uploadSteps[localId] = nil
                return .failed(.network(failure))
            case .redirectRefused(let redirect):
                uploadSteps[localId] = nil
                return .failed(.redirectRefused(redirect))
            case .response(let response) where !(200..<300).contains(response.status):
                uploadSteps[localId] = nil
                return .failed(BackendError.storage(status: response.status, body: response.body))
            case .response:
                guard let token = connectionToken else {
                    uploadSteps[localId] = nil
                    return .failed(.socketUnavailable)
                }
                uploadSteps[localId] = .completing(attachmentId: attachmentId)
                return .request(call("/participant/complete-attachment-upload", token: token,
                    CompleteAttachmentUploadRequest(attachmentIds: [attachmentId], clientToken: ids.uuid())))
            }
        case .completing(let attachmentId):
            uploadSteps[localId] = nil
            switch ConnectErrors.decode(result, "CompleteAttachmentUpload", as: EmptyAnswer.self) {
            case .success: return .done(.uploaded(attachmentId: attachmentId))
            case .failure(let error): return .failed(error)
            }
        case nil:
            return .failed(.protocolViolation("an upload answer came for no upload"))
        }
    }

    /// Names our pending upload on the server's ATTACHMENT item, so the core settles the placeholder.
    func tagOwnUploads(_ events: [BackendEvent]) -> [BackendEvent] {
        guard !uploadTags.isEmpty else { return events }
        return events.map { event in
            guard case .item(var item) = event, let attachment = item.attachment, let localId = uploadTags[attachment.id] else {
                return event
            }
            item.localId = localId
            return .item(item)
        }
    }
}
