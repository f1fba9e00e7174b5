/// A virtual clock and a queue of things to happen at virtual times: nothing waits for real time,
/// and ties are broken by the order things were scheduled, so a run depends on its seed alone.
struct VirtualScheduler {
    private struct Entry {
        var at: Int64
        var order: Int
        var action: Int
    }

    /// Virtual milliseconds since the run began.
    private(set) var now: Int64 = 0
    private var heap: [Entry] = []
    private var nextOrder = 0

    /// True when nothing is scheduled.
    var isEmpty: Bool { heap.isEmpty }

    /// When the next thing happens.
    var nextTime: Int64? { heap.first?.at }

    /// Schedules `action` (an index the caller resolves) at `at` (never before now).
    mutating func schedule(_ action: Int, at: Int64) {
        nextOrder += 1
        heap.append(Entry(at: max(at, now), order: nextOrder, action: action))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the next action and moves the clock to its time.
    mutating func pop() -> Int? {
        guard !heap.isEmpty else { return nil }
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = parent * 2 + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, less(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count, less(heap[right], heap[smallest]) { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        now = max(now, first.at)
        return first.action
    }

    private func less(_ a: Entry, _ b: Entry) -> Bool {
        (a.at, a.order) < (b.at, b.order)
    }
}
