/// What a front end asks the session engine to do.
public enum ChatCommand: Sendable, Hashable {
    /// Send a message (shown at once as pending).
    case send(String)
    /// Tell the other side the user is typing (throttled by the engine).
    case typing
    /// Retry a failed message, by its local id.
    case retry(localId: String)
    /// Drop a failed message, by its local id.
    case drop(localId: String)
    /// Fetch an older page of the transcript.
    case loadOlder
    /// Try connecting again now after the engine gave up.
    case reconnectNow
    /// Close the socket and stop reconnecting until ``resume``; messages typed meanwhile wait.
    case suspend
    /// Reconnect after ``suspend``.
    case resume
    /// Forget the local transcript, receipts and backfill position and load the transcript again
    /// from the server; the participant, the contact and unsent messages are kept.
    case reset
    /// End the chat for everyone (disconnect the participant).
    case end
    /// The user has seen this message from someone else (it is on screen, the terminal has focus).
    case seen(messageId: String)
    /// Answer the newest open picker, quick reply or suggestion list with its choice `index` (1-based).
    case pick(index: Int)
    /// Fill in field `name` of the newest open form with `value` (empty clears it).
    case setField(name: String, value: String)
    /// Upload the file at `path` as an attachment (shown at once as pending).
    case attach(path: String)
    /// Save the attachment with this id into `directory` (nil: the download folder, else the current one).
    case download(attachmentId: String, directory: String?)
    /// The front end shows the connection diagnostics (or stops): while they are watched, snapshots
    /// follow the frames; otherwise only changes a status line shows (a failing deep heartbeat, the
    /// connection state) are published, so an idle chat wakes nobody.
    case watchDiagnostics(Bool)
    /// Offer the sign-in link again: the one on offer while it works, else a fresh one.
    case authenticationLink
    /// Decline the sign-in the contact center asked for (Amazon Connect's CancelParticipantAuthentication).
    case cancelAuthentication
}
