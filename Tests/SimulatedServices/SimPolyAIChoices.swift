/// What the PolyAI spec leaves open, as choices one seed makes for the whole run, so that a green
/// simulation means the client works with any server the spec allows, not only with one reading of it.
/// Each names its place in `polyai-messaging.md`; docs/simulation.md lists them.
public struct SimPolyAIChoices: Sendable, CustomStringConvertible {
    /// A reconnect with a cursor starts its replay with `SESSION_START` again (§3 says the first batch
    /// "contains at least `SESSION_START`" for a new socket; §17 lists re-sending it as unconfirmed).
    public var sessionStartOnReconnect: Bool
    /// The replay starts at `>= cursor` rather than `> cursor` (§11: "not documented").
    public var replayIncludesCursor: Bool
    /// When nothing is to be replayed, an empty `EVENT_BATCH` is sent rather than no frame at all (§3, §17).
    public var emptyBatchWhenNothingMissed: Bool
    /// The replay comes in batches of at most this many events (§3: "one or more"); nil: one batch.
    public var replayBatchSize: Int?
    /// The replayed events are out of sequence order within their batches (§11: "may … arrive out of order").
    public var replayShuffled: Bool
    /// A reconnect's replay comes as one batch over a megabyte (§3, §17: batch size limits are not
    /// documented; a long session's history is that large), here by a field the client does not know.
    public var bulkyReplay: Bool
    /// A quarter of the socket upgrades are taken and never answered (§3 says nothing of how long an
    /// upgrade may take).
    public var unansweredUpgrades: Bool
    /// Streamed chunks are SDK-style: whole words with no whitespace at their edges, which the official
    /// SDK joins with one space; otherwise raw fragments that carry their own spaces, to be concatenated
    /// as they are (§7.2: the docs say one, the SDK does the other).
    public var sdkStyleChunks: Bool

    /// The spec's own reading where it states one, the first batch as the fixtures show it.
    public init(
        sessionStartOnReconnect: Bool = true, replayIncludesCursor: Bool = false, emptyBatchWhenNothingMissed: Bool = true,
        replayBatchSize: Int? = nil, replayShuffled: Bool = false, bulkyReplay: Bool = false, unansweredUpgrades: Bool = false,
        sdkStyleChunks: Bool = false
    ) {
        self.sessionStartOnReconnect = sessionStartOnReconnect
        self.replayIncludesCursor = replayIncludesCursor
        self.emptyBatchWhenNothingMissed = emptyBatchWhenNothingMissed
        self.replayBatchSize = replayBatchSize
        self.replayShuffled = replayShuffled
        self.bulkyReplay = bulkyReplay
        self.unansweredUpgrades = unansweredUpgrades
        self.sdkStyleChunks = sdkStyleChunks
    }

    /// The choices a seed makes (each reading about as often as the other).
    public init(seed: UInt64) {
        var rng = SimRandom(seed: seed ^ 0x5EC_0F_A11)
        sessionStartOnReconnect = rng.chance(0.5)
        replayIncludesCursor = rng.chance(0.5)
        emptyBatchWhenNothingMissed = rng.chance(0.5)
        replayBatchSize = rng.chance(0.3) ? rng.int(1...4) : nil
        replayShuffled = rng.chance(0.3)
        bulkyReplay = rng.chance(0.3)
        unansweredUpgrades = rng.chance(0.3)
        // (Drawn after the older choices, so a seed keeps the readings it had before this was added.)
        sdkStyleChunks = rng.chance(0.5)
    }

    /// `start-on-reconnect=… replay>=…`, for the trace's first line.
    public var description: String {
        "session-start-on-reconnect=\(sessionStartOnReconnect) replay-from=\(replayIncludesCursor ? ">=" : ">")cursor "
            + "empty-batch=\(emptyBatchWhenNothingMissed) batch-size=\(replayBatchSize.map(String.init) ?? "all") "
            + "shuffled=\(replayShuffled) bulky-replay=\(bulkyReplay) unanswered-upgrades=\(unansweredUpgrades) "
            + "chunks=\(sdkStyleChunks ? "sdk-words" : "raw-fragments")"
    }
}
