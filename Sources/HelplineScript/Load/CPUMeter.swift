import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The CPU time this process has used, and the cores it can use: what the saturation guard compares.
public struct CPUMeter: Sendable {
    /// User plus system CPU time of the whole process so far.
    public var processTime: @Sendable () -> Duration
    /// The cores the process can run on.
    public var cores: Int

    /// A meter reading `processTime`.
    public init(cores: Int, processTime: @escaping @Sendable () -> Duration) {
        self.cores = max(1, cores)
        self.processTime = processTime
    }

    /// This process, from `getrusage(RUSAGE_SELF)`, on the cores it may run on.
    public static let process = CPUMeter(cores: usableCores()) {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return .zero }
        func time(_ value: timeval) -> Duration {
            .seconds(Int64(value.tv_sec)) + .microseconds(Int64(value.tv_usec))
        }
        return time(usage.ru_utime) + time(usage.ru_stime)
    }

    /// The cores this process may really use: the online ones, fewer when its affinity allows fewer
    /// (`taskset`, `Cpus_allowed_list` in `/proc/self/status`) or its control group's CPU quota is
    /// smaller (`/sys/fs/cgroup/cpu.max`, a container's CPU limit), rounded up; at least one.
    public static func usableCores(
        online: Int = ProcessInfo.processInfo.activeProcessorCount,
        status: String? = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        cpuMax: String? = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8)
    ) -> Int {
        var cores = max(1, online)
        if let line = status?.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }),
            let allowed = allowedCount(line.dropFirst("Cpus_allowed_list:".count))
        {
            cores = min(cores, allowed)
        }
        let quota = cpuMax?.split(whereSeparator: \.isWhitespace) ?? []
        if quota.count == 2, let limit = Double(quota[0]), let period = Double(quota[1]), limit > 0, period > 0,
            (limit / period).isFinite
        {
            cores = min(cores, Int(min((limit / period).rounded(.up), 4096)))
        }
        return max(1, cores)
    }

    /// How many cores a list like `0-3,6,8-9` names; nil when it is not one.
    static func allowedCount(_ list: Substring) -> Int? {
        var count = 0
        for range in list.trimmingCharacters(in: .whitespaces).split(separator: ",") {
            let ends = range.split(separator: "-").map { Int($0) }
            switch ends.count {
            case 1:
                guard ends[0] != nil else { return nil }
                count += 1
            case 2:
                guard let low = ends[0], let high = ends[1], low <= high, high - low < 65_536 else { return nil }
                count += high - low + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// The share of all cores used between two readings `wall` apart (1: every core busy).
    public static func share(used: Duration, wall: Duration, cores: Int) -> Double? {
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        guard wallSeconds > 0.05 else { return nil }
        let usedSeconds = Double(used.components.seconds) + Double(used.components.attoseconds) / 1e18
        return usedSeconds / wallSeconds / Double(max(1, cores))
    }
}
