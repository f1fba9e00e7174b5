import Foundation

/// An `authenticate` step: the contact center asks the customer to sign in (Amazon Connect's
/// AuthenticateCustomer block) on the demo's own sign-in page, and waits; then one branch runs by how
/// it ended (see docs/flows.md, "Customer sign-in").
struct AuthenticationPlan: Sendable, Decodable, Equatable {
    /// Reply delays the flow waits for a sign-in before `authentication.timeout` (or `.expired` when
    /// the link was never fetched).
    var timeout: Double
    /// Steps after `authentication.succeeded`; `{{signedInName}}` is the name the customer signed in with.
    var onSuccess: [FlowStep]
    /// Steps after `authentication.failed`.
    var onFailure: [FlowStep]
    /// Steps after `authentication.timeout` or `authentication.expired`.
    var onTimeout: [FlowStep]
    /// Steps after `authentication.cancelled` (CancelParticipantAuthentication).
    var onCancel: [FlowStep]

    /// The longest `timeout` a flow may give (a day of the default reply delay; more would overflow a `Duration`).
    static let longestTimeout: Double = 100_000

    enum CodingKeys: String, CodingKey { case timeout, onSuccess, onFailure, onTimeout, onCancel }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        timeout = try c.decodeIfPresent(Double.self, forKey: .timeout) ?? 180
        onSuccess = try c.decodeIfPresent([FlowStep].self, forKey: .onSuccess) ?? []
        onFailure = try c.decodeIfPresent([FlowStep].self, forKey: .onFailure) ?? []
        onTimeout = try c.decodeIfPresent([FlowStep].self, forKey: .onTimeout) ?? []
        onCancel = try c.decodeIfPresent([FlowStep].self, forKey: .onCancel) ?? []
        guard timeout > 0, timeout <= Self.longestTimeout else {
            throw FlowError.invalid("an authenticate step needs a 'timeout' above 0 and at most 100000 reply delays")
        }
    }

    /// The branch for an outcome.
    func steps(for outcome: DemoAuthenticationOutcome) -> [FlowStep] {
        switch outcome {
        case .succeeded: onSuccess
        case .failed: onFailure
        case .timeout, .expired: onTimeout
        case .cancelled: onCancel
        }
    }

    /// Every nested step (for validation).
    var nested: [FlowStep] { onSuccess + onFailure + onTimeout + onCancel }
}

/// How a demo sign-in ended; the raw value names its `authentication.*` event.
enum DemoAuthenticationOutcome: String, Sendable, Hashable {
    case succeeded, failed, timeout, expired, cancelled
}
