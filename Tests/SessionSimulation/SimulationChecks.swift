import Foundation
import ChatModel
import SessionCore
import SimulatedServices

/// The invariants a finished run must hold.
struct SimulationChecks {
    let simulation: Simulation

    init(_ simulation: Simulation) {
        self.simulation = simulation
    }

    func violations() -> [String] {
        let sim = simulation
        guard sim.finished else { return ["the chat never came to an end (stopped at \(sim.now) ms virtual)"] }
        guard let core = sim.core else { return ["no client at the end"] }
        var problems: [String] = []
        let server = sim.service.customerMessages
        let typed = Set(sim.typed)
        let onServer = Set(server)

        // What the user typed reached the server once each, in typed order (a retried message last).
        for text in onServer where server.filter({ $0 == text }).count > 1 {
            problems.append("delivered \(server.filter { $0 == text }.count) times: \(text)")
        }
        for text in server where !typed.contains(text) { problems.append("the server holds a message nobody typed: \(text)") }
        let expected = sim.expectedOrder.filter(onServer.contains)
        let arrived = server.filter(typed.contains).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if arrived != expected { problems.append("order: the server holds \(arrived), typed order was \(expected)") }

        // Nothing typed is lost: each is on the server and shown as sent, or not and shown as failed.
        let items = Array(core.transcript.items)
        let stoppedMessages = sim.service.stoppedMessages
        let stopped = Set(stoppedMessages.keys)
        var shown = items.filter { item in
            // What the server never passed on (a blocked message, or an attempt whose check failed).
            if item.isOwn, item.delivery?.isUndelivered == true, stopped.contains(item.id) || !onServer.contains(Self.typed(item)) {
                return false
            }
            if item.isOwn, item.delivery == .unconfirmed { return false }
            return !item.id.hasPrefix("closed-after-")
        }
        // A message the chat ended on before the server confirmed it may or may not be there; only
        // the one message that was on its way can be in that state.
        let unconfirmed = Set(items.filter { $0.isOwn && $0.delivery == .unconfirmed }.map(Self.typed))
        // (Those the server took but was still checking when the chat ended carry its id; they are not
        // the one on its way.)
        let onItsWay = items.filter { $0.isOwn && $0.delivery == .unconfirmed && $0.id == $0.localId }
        if onItsWay.count > 1 { problems.append("\(onItsWay.count) messages shown as not confirmed: \(onItsWay.map(\.text))") }
        // A restarted client shows the newest page; a chat that ended before the user scrolled back
        // keeps its older pages unloaded (the file written before the restart still has them).
        var held = sim.service.transcript.filter { item in
            !(item.kind == "message" && unconfirmed.contains { DeliveredText.isCopy(item.text, of: $0) })
        }
        var unloaded: [SimItem] = []
        // Our own messages sent when the client came back may belong in the unloaded stretch (their
        // time is when they were first sent): the loaded part begins at the first item not ours.
        if core.hasOlderPages, let first = shown.first(where: { !$0.isOwn }) ?? shown.first,
            let start = held.firstIndex(where: { $0.id == first.id })
        {
            unloaded = Array(held[..<start])
            held.removeFirst(start)
            let older = Set(unloaded.map(\.id))
            shown.removeAll { older.contains($0.id) }
        }
        for text in sim.typed {
            // A client restarted since knows a redacted message only as the server holds it.
            // An attempt the contact center stopped before a retry passed is shown beside it, as it was.
            let all = items.filter { $0.isOwn && (Self.typed($0) == text || DeliveredText.isCopy($0.text, of: text)) }
            let mine = all.count > 1 ? all.filter { !(stopped.contains($0.id) && $0.delivery?.isUndelivered == true) } : all
            if mine.isEmpty, unloaded.contains(where: { DeliveredText.isCopy($0.text, of: text) }) { continue }
            // Stopped by the contact center before a restart, and read back only with the older pages
            // the chat ended before the user scrolled to.
            if mine.isEmpty, core.hasOlderPages || core.transcriptMayBeIncomplete, stoppedMessages.values.contains(text) { continue }
            // Sent before a restart into a chat that then ended while the program was away: the new run
            // cannot read it back (the file the earlier run wrote has it).
            if mine.isEmpty, core.transcriptMayBeIncomplete, onServer.contains(text) { continue }
            guard mine.count == 1, let item = mine.first else {
                problems.append("the client shows \(mine.count) items for the typed \(text)")
                continue
            }
            if item.delivery == .unconfirmed { continue }
            if onServer.contains(text), !(item.delivery.map { $0 >= .sent } ?? false) {
                problems.append("\(text) is with the server but shown as \(item.delivery.map { "\($0)" } ?? "nothing")")
            }
            if !onServer.contains(text), item.delivery?.isUndelivered != true {
                problems.append("\(text) never reached the server but is shown as \(item.delivery.map { "\($0)" } ?? "nothing")")
            }
        }
        for (client, model) in sim.linePrints.sorted(by: { $0.key < $1.key }) {
            for text in model.printedTwice(among: typed) { problems.append("client \(client) shows \(text) as sent twice") }
            for id in model.printedAsSent.intersection(stopped).sorted() {
                problems.append("client \(client) printed \(id) as sent, but the contact center stopped it")
            }
        }
        if core.unsentMessages.contains(where: { !$0.failed }) {
            problems.append("left pending: \(core.unsentMessages.filter { !$0.failed }.map(\.text))")
        }

        // The client's transcript is the server's: the same items, in the same order, whole.
        if core.transcriptMayBeIncomplete, Self.isSubsequence(shown.map(\.id), of: held.map(\.id)) {
            // The service ended the chat while the client could not hear it: what was said meanwhile
            // cannot be read back (every call after the end is refused), so the client holds part of it, in order.
            return problems + checkFile(items: items, unloaded: Set((unloaded + held).map(\.id)).union(stopped))
        }
        if shown.map(\.id) != held.map(\.id), !Self.sameUpToTies(shown, held) {
            var line = "transcript: the client shows \(shown.count) items, the server holds \(held.count)"
                + Self.firstDifference(shown.map(\.id), held.map(\.id))
            let missing = held.filter { item in !shown.contains { $0.id == item.id } }
            if !missing.isEmpty { line += "; the client lacks \(missing)" }
            if let index = Array(zip(shown, held)).firstIndex(where: { $0.0.id != $0.1.id }) {
                let mine = shown[index]
                line += " (client's: \(mine.kind) at \(mine.time.timeIntervalSince1970) \"\(mine.text.prefix(30))\"; server's: "
                    + "\(held[index].kind) \"\(held[index].text.prefix(30))\"; the server's is the client's "
                    + "\(shown.firstIndex { $0.id == held[index].id }.map { "#\($0) at \(shown[$0].time.timeIntervalSince1970)" } ?? "missing"))"
            }
            problems.append(line)
        } else {
            let heldById = Dictionary(held.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for mine in shown {
                guard let theirs = heldById[mine.id] else { continue }
                if case .message = mine.kind, !theirs.text.isEmpty, mine.text != theirs.text {
                    problems.append("text of \(theirs.id): client \"\(mine.text)\", server \"\(theirs.text)\"")
                }
                if (mine.choices ?? []) != theirs.choices {
                    problems.append("choices of \(theirs.id): client \(mine.choices ?? []), server \(theirs.choices)")
                }
                if mine.isStreaming { problems.append("\(theirs.id) is still streaming") }
            }
        }

        let unread = core.hasOlderPages ? stopped : []
        return problems + signInProblems() + checkFile(items: items, unloaded: Set(unloaded.map(\.id)).union(unread))
    }

    /// Sign-ins (``SimConnectChoices/signIns``): the client fetches links only for sign-ins the service
    /// asked for, and each at most once per client run (a reconnect's transcript page announces it again).
    func signInProblems() -> [String] {
        guard let connect = simulation.service as? SimConnectService else { return [] }
        var problems: [String] = []
        if connect.strayLinkCalls > 0 {
            problems.append("\(connect.strayLinkCalls) GetAuthenticationUrl call(s) named a sign-in the service never asked for")
        }
        let runs = simulation.restarts + 1
        for (session, calls) in connect.linkCalls.sorted(by: { $0.key < $1.key }) where calls > runs {
            problems.append("sign-in \(session) fetched \(calls) times in \(runs) client run(s)")
        }
        return problems
    }

    /// The JSON-lines file, replayed by its update rule, is the final transcript.
    private func checkFile(items: [ChatItem], unloaded: Set<String>) -> [String] {
        let sim = simulation
        var problems: [String] = []
        let replayed = TranscriptRecord.replay(sim.records)
        var byId: [String: Int] = [:]
        var byLocalId: [String: Int] = [:]
        for (index, record) in replayed.enumerated() {
            byId[record.id] = index
            if let localId = record.localId { byLocalId[localId] = index }
        }
        var unmatched = Set(replayed.indices)
        for item in items {
            guard let index = item.localId.flatMap({ byLocalId[$0] }) ?? byId[item.id] else {
                problems.append("the transcript file lacks \(item.key)")
                continue
            }
            unmatched.remove(index)
            var record = replayed[index].withoutDeliveryTime
            // A program restarted after a crash knows its earlier messages by their server ids only.
            if item.localId == nil { record.localId = nil }
            let expectedRecord = TranscriptRecord(item: item).withoutDeliveryTime
            if record != expectedRecord {
                problems.append("the transcript file has \(item.key) as \(record), the chat as \(expectedRecord)")
            }
        }
        unmatched = unmatched.filter { !unloaded.contains(replayed[$0].id) }
        if !unmatched.isEmpty {
            problems.append("the transcript file holds items the chat does not: \(unmatched.sorted().map { replayed[$0].key })")
        }
        return problems
    }

    /// What the user typed for our item (its text, unless the contact center redacted it).
    static func typed(_ item: ChatItem) -> String { item.typedText ?? item.text }

    private static func isSubsequence(_ a: [String], of b: [String]) -> Bool {
        var rest = b[...]
        for id in a {
            guard let index = rest.firstIndex(of: id) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// True when the client holds the server's items and differs only in the order of items with the
    /// same timestamp (two events in one millisecond: nothing on the wire says which came first).
    private static func sameUpToTies(_ shown: [ChatItem], _ held: [SimItem]) -> Bool {
        guard Set(shown.map(\.id)) == Set(held.map(\.id)), shown.count == held.count else { return false }
        let time = Dictionary(shown.map { ($0.id, $0.time) }, uniquingKeysWith: { first, _ in first })
        func key(_ id: String) -> (Date, String) { (time[id] ?? .distantPast, id) }
        let a = shown.map(\.id).sorted { key($0) < key($1) }
        let b = held.map(\.id).sorted { key($0) < key($1) }
        // Both sorted by (time, id) agree, and the client's own order is already sorted by time.
        return a == b && zip(shown, shown.dropFirst()).allSatisfy { $0.time <= $1.time }
    }

    private static func firstDifference(_ a: [String], _ b: [String]) -> String {
        for index in 0..<max(a.count, b.count) where (index < a.count ? a[index] : nil) != (index < b.count ? b[index] : nil) {
            return "; first difference at \(index): client \(index < a.count ? a[index] : "-"), server \(index < b.count ? b[index] : "-")"
        }
        return ""
    }
}

/// What a run found.
public struct SimulationResult: Sendable {
    /// The seed.
    public var seed: UInt64
    /// The protocol.
    public var wireProtocol: SimProtocol
    /// Broken invariants (empty: the run held).
    public var violations: [String]
    /// The run's trace (every input and effect; the last few hundred lines unless the full trace was asked for).
    public var trace: [String]
    /// How often things happened (faults, lost answers, duplicates).
    public var counters: [String: Int]
    /// How long the run lasted, in virtual milliseconds.
    public var virtualMillis: Int64

    /// The command that runs this seed again with its whole trace.
    public var reproduction: String {
        "make sim SEED=\(seed) PROTOCOL=\(wireProtocol.rawValue)   # or: .build/release/helpline-sim --protocol \(wireProtocol.rawValue) --seed \(seed) --trace"
    }
}
