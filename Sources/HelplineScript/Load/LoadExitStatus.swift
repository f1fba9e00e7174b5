/// How `helpline script` and `helpline report merge` end when a run did not pass (0 when it did;
/// 130 when interrupted), so that CI can tell the system under test from the machine driving it.
public enum LoadExitStatus: Int32, Sendable {
    /// A chat failed or a threshold was not met, and this machine kept up with the load.
    case failed = 1
    /// Something failed while a machine driving the load was saturated: the figures measure it.
    case saturated = 3

    /// The status of `summary`; nil when it passed.
    public init?(_ summary: LoadSummary) {
        guard !summary.passed else { return nil }
        self = summary.saturated ? .saturated : .failed
    }
}
