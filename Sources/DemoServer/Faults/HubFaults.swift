import Foundation

/// The faults the hub is injecting now: set from `--faults` at start and switched at run time by
/// tests and the fault schedule. One value, so what can go wrong on purpose is read in one place.
struct HubFaults: Sendable {
    /// Each fanned-out frame waits a random part of this window (nil: frames go out in order).
    var reorderWindow: Duration?
    /// The attachment scan rejects every upload.
    var rejectAttachments: Bool
    /// Socket upgrades are refused (Participant Service and PolyAI).
    var refuseUpgrades: Bool
    /// `aws/ping` is answered with 500.
    var pingFailure: Bool
    /// Receipts are answered with 409 ConflictException.
    var receiptConflict: Bool
    /// The share of Participant REST calls failed with 500/429.
    var restFailureRate: Double
    /// The seeded generator behind `restFailureRate`.
    var random: SeededRandom
    /// Half-open: sockets that stopped answering and delivering (those open when the fault began).
    var silentSockets: Set<UUID> = []
    /// Half-open network path: new upgrades wait until it heals.
    var pathDown = false
    /// The upgrades waiting for the path to heal.
    var pathWaiters: [CheckedContinuation<Void, Never>] = []

    /// The faults `configuration` starts with.
    init(_ faults: DemoFaults) {
        reorderWindow = faults.reorderWindow
        rejectAttachments = faults.rejectAttachments
        refuseUpgrades = faults.refuseUpgrades
        pingFailure = faults.pingFailure
        receiptConflict = faults.receiptConflict
        restFailureRate = faults.restFailureRate
        random = SeededRandom(seed: faults.seed)
    }

    /// Draws the configured REST failure (nil: answer the call).
    mutating func drawRESTFailure() -> ParticipantServiceError? {
        guard restFailureRate > 0 else { return nil }
        let roll = Double.random(in: 0..<1, using: &random)
        guard roll < restFailureRate else { return nil }
        return Bool.random(using: &random) ? .internalServer : .throttling
    }

    /// Fails `rate` of the REST calls from now on, drawn from a generator seeded with `seed`.
    mutating func setRESTFailureRate(_ rate: Double, seed: UInt64) {
        restFailureRate = min(max(rate, 0), 1)
        random = SeededRandom(seed: seed)
    }

    /// How long the next fanned-out frame waits (nil: written at once).
    func reorderDelay() -> Duration? {
        guard let window = reorderWindow, window > .zero else { return nil }
        return .milliseconds(Int64.random(in: 0...window.wholeMilliseconds))
    }

    /// Whether the socket `id` still answers and delivers.
    func speaks(_ id: UUID) -> Bool { !silentSockets.contains(id) }

    /// Heals the path; returns the upgrades to let go on.
    mutating func healPath() -> [CheckedContinuation<Void, Never>] {
        pathDown = false
        defer { pathWaiters = [] }
        return pathWaiters
    }
}
