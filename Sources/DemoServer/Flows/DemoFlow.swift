import Foundation

/// A scripted contact flow: personas, start steps and keyword rules per state (see docs/flows.md).
struct DemoFlow: Sendable, Decodable, Equatable {
    /// A server-side participant the flow can speak as.
    struct Persona: Sendable, Decodable, Equatable {
        var role: DemoRole
        var displayName: String
    }

    /// A keyword rule: the first rule with a matching keyword runs its steps. A rule with `actions`
    /// answers interactive responses with one of those actions (a view's `Submit`, a list's `SHOW_MORE`).
    struct Rule: Sendable, Decodable, Equatable {
        var keywords: [String]
        var actions: [String]
        var steps: [FlowStep]

        enum CodingKeys: String, CodingKey { case keywords, actions, steps }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            keywords = try container.decodeIfPresent([String].self, forKey: .keywords) ?? []
            actions = try container.decodeIfPresent([String].self, forKey: .actions) ?? []
            steps = try container.decode([FlowStep].self, forKey: .steps)
        }
    }

    /// A conversation state: who answers (and sends read receipts) and with which rules.
    struct State: Sendable, Decodable, Equatable {
        var responder: String
        var rules: [Rule]
        var fallback: [FlowStep]
        var idle: [IdleStage]

        enum CodingKeys: String, CodingKey { case responder, rules, fallback, idle }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            responder = try container.decode(String.self, forKey: .responder)
            rules = try container.decodeIfPresent([Rule].self, forKey: .rules) ?? []
            fallback = try container.decodeIfPresent([FlowStep].self, forKey: .fallback) ?? []
            idle = try container.decodeIfPresent([IdleStage].self, forKey: .idle) ?? []
        }
    }

    /// Steps run when the customer has been silent for `after` reply delays (counted from the last
    /// customer message or the start).
    struct IdleStage: Sendable, Decodable, Equatable {
        var after: Double
        var steps: [FlowStep]
    }

    /// Persona key that names the customer in `event` steps (idle, returned, autodisconnection).
    static let customerKey = "customer"

    var name: String
    var description: String?
    var participants: [String: Persona]
    var initialState: String
    var onStart: [FlowStep]
    var states: [String: State]
    /// The contact center's message processing for customer messages (redact, reject, fail).
    var messageRules: MessageRules

    enum CodingKeys: String, CodingKey { case name, description, participants, initialState, onStart, states, messageRules }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        participants = try container.decode([String: Persona].self, forKey: .participants)
        initialState = try container.decode(String.self, forKey: .initialState)
        onStart = try container.decodeIfPresent([FlowStep].self, forKey: .onStart) ?? []
        states = try container.decode([String: State].self, forKey: .states)
        messageRules = try container.decodeIfPresent(MessageRules.self, forKey: .messageRules) ?? MessageRules()
    }

    /// Checks that every persona and state a step names exists.
    func validate() throws {
        guard states[initialState] != nil else { throw FlowError.invalid("initialState '\(initialState)' is not a state") }
        var steps = onStart
        for (name, state) in states {
            guard participants[state.responder] != nil else {
                throw FlowError.invalid("state '\(name)' names unknown responder '\(state.responder)'")
            }
            steps += state.fallback + state.rules.flatMap(\.steps) + state.idle.flatMap(\.steps)
            for stage in state.idle where stage.after <= 0 {
                throw FlowError.invalid("state '\(name)' has an idle stage with a non-positive 'after'")
            }
        }
        while let step = steps.popLast() {
            steps += step.action.nested
            var named = step.action.personas
            if case .event = step.action { named.removeAll { $0 == Self.customerKey } }
            for persona in named where participants[persona] == nil {
                throw FlowError.invalid("a step names unknown participant '\(persona)'")
            }
            if case .goto(let target) = step.action, states[target] == nil {
                throw FlowError.invalid("a step goes to unknown state '\(target)'")
            }
        }
    }

    /// Steps for a customer message in `state`: the first matching rule, else the fallback. An interactive
    /// response's `action` matches a rule's `actions`; other messages match keywords.
    func steps(for text: String, action: String? = nil, in state: String) -> [FlowStep] {
        guard let current = states[state] else { return [] }
        if let action {
            return current.rules.first { $0.actions.contains(action) }?.steps ?? current.fallback
        }
        let lowered = text.lowercased()
        let words = Set(lowered.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        for rule in current.rules {
            for keyword in rule.keywords {
                let key = keyword.lowercased()
                let hit = key.contains(" ") ? lowered.contains(key) : words.contains(key)
                if hit { return rule.steps }
            }
        }
        return current.fallback
    }
}

/// A flow file that could not be loaded.
enum FlowError: Error, Equatable, CustomStringConvertible {
    case invalid(String)
    case notFound(String)

    var description: String {
        switch self {
        case .invalid(let reason): return "invalid flow: \(reason)"
        case .notFound(let name): return "flow '\(name)' not found"
        }
    }
}

/// One step of a flow; exactly one action key per JSON object.
struct FlowStep: Sendable, Decodable, Equatable {
    /// What a step does.
    enum Action: Sendable, Equatable {
        case say(text: String, persona: String, contentType: String, typing: Bool, plain: String?)
        case stream(text: String, persona: String, contentType: String, chunkWords: Int)
        case join(String)
        case leave(String)
        case typing(String)
        case pause(Double)
        case event(contentType: String, persona: String?, content: String?)
        case goto(String)
        case end
        case handoff(HandoffPlan)
        case invite(String)
        case rename(persona: String, displayName: String)
        case authenticate(AuthenticationPlan)

        /// Personas the action names.
        var personas: [String] {
            switch self {
            case .say(_, let persona, _, _, _), .stream(_, let persona, _, _), .join(let persona), .leave(let persona),
                .typing(let persona), .invite(let persona), .rename(let persona, _):
                return [persona]
            case .event(_, let persona, _): return persona.map { [$0] } ?? []
            case .handoff(let plan): return plan.persona.map { [$0] } ?? []
            case .pause, .goto, .end, .authenticate: return []
            }
        }

        /// Steps nested in the action (a handoff's timeout and release steps).
        var nested: [FlowStep] {
            if case .handoff(let plan) = self { return plan.onTimeout + plan.onRelease }
            if case .authenticate(let plan) = self { return plan.nested }
            return []
        }
    }

    var action: Action

    enum CodingKeys: String, CodingKey {
        case say, markdown, stream, join, leave, typing, pause, event, goto, end, `as`, contentType, content, plain
        case chunkWords, handoff, invite, rename, to
        case authenticate
    }

    init(action: Action) { self.action = action }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let speaker = try c.decodeIfPresent(String.self, forKey: .as)
        if let text = try c.decodeIfPresent(String.self, forKey: .say) {
            let type = try c.decodeIfPresent(String.self, forKey: .contentType) ?? "text/plain"
            let typing = try c.decodeIfPresent(Bool.self, forKey: .typing) ?? true
            let plain = try c.decodeIfPresent(String.self, forKey: .plain)
            action = .say(text: text, persona: speaker ?? "bot", contentType: type, typing: typing, plain: plain)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .markdown) {
            let typing = try c.decodeIfPresent(Bool.self, forKey: .typing) ?? true
            let plain = try c.decodeIfPresent(String.self, forKey: .plain)
            action = .say(text: text, persona: speaker ?? "bot", contentType: "text/markdown", typing: typing,
                          plain: plain)
        } else if let text = try c.decodeIfPresent(String.self, forKey: .stream) {
            let type = try c.decodeIfPresent(String.self, forKey: .contentType) ?? "text/plain"
            let words = max(try c.decodeIfPresent(Int.self, forKey: .chunkWords) ?? 3, 1)
            action = .stream(text: text, persona: speaker ?? "bot", contentType: type, chunkWords: words)
        } else if let persona = try c.decodeIfPresent(String.self, forKey: .join) {
            action = .join(persona)
        } else if let persona = try c.decodeIfPresent(String.self, forKey: .leave) {
            action = .leave(persona)
        } else if let persona = try? c.decodeIfPresent(String.self, forKey: .typing) {
            action = .typing(persona)
        } else if let units = try c.decodeIfPresent(Double.self, forKey: .pause) {
            action = .pause(units)
        } else if let event = try c.decodeIfPresent(String.self, forKey: .event) {
            let type = event.contains("/") ? event : "application/vnd.amazonaws.connect.event." + event
            action = .event(contentType: type, persona: speaker, content: try c.decodeIfPresent(String.self, forKey: .content))
        } else if let state = try c.decodeIfPresent(String.self, forKey: .goto) {
            action = .goto(state)
        } else if try c.decodeIfPresent(Bool.self, forKey: .end) == true {
            action = .end
        } else if let plan = try c.decodeIfPresent(HandoffPlan.self, forKey: .handoff) {
            action = .handoff(plan)
        } else if let persona = try c.decodeIfPresent(String.self, forKey: .invite) {
            action = .invite(persona)
        } else if let persona = try c.decodeIfPresent(String.self, forKey: .rename) {
            guard let name = try c.decodeIfPresent(String.self, forKey: .to), !name.isEmpty else {
                throw FlowError.invalid("a rename step needs a non-empty 'to'")
            }
            action = .rename(persona: persona, displayName: name)
        } else if let plan = try c.decodeIfPresent(AuthenticationPlan.self, forKey: .authenticate) {
            action = .authenticate(plan)
        } else {
            throw FlowError.invalid(
                "a step needs one of say, markdown, stream, join, leave, typing, pause, event, goto, end, handoff, "
                    + "invite, rename, authenticate")
        }
    }
}
