import ChatEngine
import ChatModel
import Foundation
import SessionCore

extension StepExecution {
    /// How often `sign-in` looks whether the link has come.
    static let signInPoll: Duration = .milliseconds(25)

    /// `sign-in NAME` / `sign-in-fail`: waits for the sign-in link (a fresh one when the last expired),
    /// then sends the demo sign-in page's form as a browser would — no browser needed, so CI can test
    /// chats that sign in. Only the demo contact center's page has that form.
    func signIn(as name: String?, step: ScriptStep) async -> StepResult {
        if let closedReason { return StepResult(step: step, failure: "the chat is over (\(closedReason))") }
        let deadline = ContinuousClock.now + patience
        var askedAgain = false
        var link: String?
        while link == nil {
            let state = await session.authentication
            link = state?.link(at: Date())
            if link != nil { break }
            switch state {
            case .none:
                break
            case .ended(let outcome)?:
                return StepResult(step: step, failure: "the sign-in is over (\(outcome.rawValue)); nothing to sign in to")
            case .linkExpired?, .linkFailed?, .offered?:
                // An expired or failed link: ask once for a fresh one.
                if !askedAgain {
                    askedAgain = true
                    await session.perform(.authenticationLink)
                }
            case .fetchingLink?:
                break
            }
            guard ContinuousClock.now < deadline, !Task.isCancelled else {
                return StepResult(step: step, failure: "no sign-in link within \(LatencyStats.format(patience))")
            }
            try? await Task.sleep(for: Self.signInPoll)
        }
        guard let link else { return StepResult(step: step, failure: "no sign-in link") }
        let form = Self.formBody(["name": name ?? "", "outcome": name == nil ? "fail" : "succeed"])
        let request = HTTPRequest(
            method: "POST", url: link, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: form)
        switch await session.callBeside(request) {
        case .response(let response) where (200..<400).contains(response.status):
            return StepResult(step: step, detail: name.map { "signed in as \"\($0)\"" } ?? "failed the sign-in")
        case .response(let response):
            return StepResult(step: step, failure: "the sign-in page answered HTTP \(response.status) (is it the demo contact center's?)")
        case .failure(let failure):
            return StepResult(step: step, failure: "the sign-in page could not be reached: \(failure)")
        case .redirectRefused:
            return StepResult(step: step, failure: "the sign-in page redirected somewhere Helpline does not follow")
        }
    }

    /// An `application/x-www-form-urlencoded` body.
    static func formBody(_ fields: [String: String]) -> Data {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let pairs = fields.keys.sorted().map { key in
            let value = fields[key] ?? ""
            return "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }
        return Data(pairs.joined(separator: "&").utf8)
    }

    /// What `expect-event authentication` sees in `event`: the outcome or stage, or nil.
    static func authenticationName(_ event: ChatEvent, new: ChatItem?) -> String? {
        if case .authentication(let state) = event {
            switch state {
            case .offered: return "offered"
            case .linkExpired: return "link-stale"
            case .linkFailed: return "link-unavailable"
            case .fetchingLink, .ended: return nil
            }
        }
        guard let new, case .event(let kind) = new.kind else { return nil }
        switch kind {
        case .authenticationInitiated: return "initiated"
        case .authenticationSucceeded: return AuthenticationOutcome.succeeded.rawValue
        case .authenticationFailed: return AuthenticationOutcome.failed.rawValue
        case .authenticationTimedOut: return AuthenticationOutcome.timeout.rawValue
        case .authenticationExpired: return AuthenticationOutcome.expired.rawValue
        case .authenticationCancelled: return AuthenticationOutcome.cancelled.rawValue
        default: return nil
        }
    }
}
