import Foundation
import SessionCore

/// What a resume plan hands the run it plans: what to send first and what to say.
public protocol ResumeRun: Sendable {
    /// Messages typed earlier and not yet accepted, sent first.
    var outbox: [OutboxEntry] { get }
    /// When the rejoined chat began, when it is one.
    var startedAt: Date? { get }
    /// A notice shown in the chat once it is on screen.
    var greeting: String? { get }
}

/// A protocol's resume policy: what each run starts from, and what follows it.
public protocol ResumePlan: Sendable {
    /// What one run starts from.
    associatedtype Run: ResumeRun
    /// True when the stored session found at the start is not to be used: remove it.
    var forgetsStored: Bool { get }
    /// A line for the user before the first run, if any.
    var notice: String? { get }
    /// What the next run starts from, at `now`.
    mutating func next(now: Date) -> Run
    /// What follows a run that ended with `outcome`.
    mutating func after(_ outcome: RunOutcome) -> ResumeStep
}
