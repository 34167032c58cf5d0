extension Array where Element: Comparable {
    /// The first index whose element is not less than `value` (binary search; the array is sorted ascending).
    func lowerBound(of value: Element) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index whose element is greater than `value` (binary search; the array is sorted ascending).
    func upperBound(of value: Element) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Inserts `value` after its equals, keeping an ascending array sorted: a binary search and one move, so a tally
    /// of errors kept sorted as trips are journaled costs little per trip and nothing to read back.
    mutating func insertSorted(_ value: Element) {
        insert(value, at: upperBound(of: value))
    }
}
