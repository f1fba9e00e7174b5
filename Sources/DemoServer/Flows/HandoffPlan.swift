import Foundation

/// A `handoff` step: the chat waits in a live-agent queue, hears its position, and is taken by an agent
/// console, by the flow's scripted agent, or times out back to the bot (see docs/flows.md).
struct HandoffPlan: Sendable, Decodable, Equatable {
    /// Queue name shown to agents and in position messages.
    var queue: String
    /// Scripted ladder of positions announced when no agent console is online.
    var positions: [Int]
    /// Reply delays between two queue-position checks.
    var every: Double
    /// Reply delays until the handoff times out; nil waits for as long as the chat lasts.
    var timeout: Double?
    /// Persona of the scripted live agent; when set and no agent console is online, the steps after
    /// the `handoff` step run once the ladder is done (they usually join the persona and greet).
    var persona: String?
    /// System message for a queue position; `{{position}}` and `{{queue}}` are replaced.
    var positionText: String
    /// System message when an agent console accepts the chat; `{{agent}}` is replaced.
    var acceptedText: String
    /// Steps run when nobody took the chat in time (after `transfer.failed`).
    var onTimeout: [FlowStep]
    /// Steps run when a live agent hands the chat back to the flow (after `transfer.succeeded`).
    var onRelease: [FlowStep]

    enum CodingKeys: String, CodingKey {
        case queue, positions, every, timeout, persona, positionText, acceptedText, onTimeout, onRelease
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        queue = try c.decodeIfPresent(String.self, forKey: .queue) ?? "Support"
        positions = try c.decodeIfPresent([Int].self, forKey: .positions) ?? [3, 2, 1]
        every = try c.decodeIfPresent(Double.self, forKey: .every) ?? 2
        timeout = try c.decodeIfPresent(Double.self, forKey: .timeout)
        persona = try c.decodeIfPresent(String.self, forKey: .persona)
        positionText = try c.decodeIfPresent(String.self, forKey: .positionText)
            ?? "You are number {{position}} in the {{queue}} queue."
        acceptedText = try c.decodeIfPresent(String.self, forKey: .acceptedText)
            ?? "{{agent}} accepted your chat."
        onTimeout = try c.decodeIfPresent([FlowStep].self, forKey: .onTimeout) ?? []
        onRelease = try c.decodeIfPresent([FlowStep].self, forKey: .onRelease) ?? []
        guard every > 0 else { throw FlowError.invalid("a handoff needs a positive 'every'") }
        if let timeout, timeout <= 0 { throw FlowError.invalid("a handoff needs a positive 'timeout'") }
        guard persona != nil || timeout != nil else {
            throw FlowError.invalid("a handoff without a scripted 'persona' needs a 'timeout'")
        }
    }

    /// The position announcement for `position`.
    func positionMessage(_ position: Int) -> String {
        positionText.replacingOccurrences(of: "{{position}}", with: String(position))
            .replacingOccurrences(of: "{{queue}}", with: queue)
    }

    /// The acceptance announcement for an agent's name.
    func acceptedMessage(agent: String) -> String {
        acceptedText.replacingOccurrences(of: "{{agent}}", with: agent)
    }
}
