/// The planner's priority queue: a binary min-heap of (cost, changes, state), ordered by all three so that equal
/// costs come out fewer changes first and then by state index, the same on every run.
struct RouteQueue {
    struct Entry: Comparable {
        var cost: Int
        var changes: Int
        var state: Int
        static func < (a: Entry, b: Entry) -> Bool { (a.cost, a.changes, a.state) < (b.cost, b.changes, b.state) }
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && heap[left] < heap[smallest] { smallest = left }
            if right < heap.count && heap[right] < heap[smallest] { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
