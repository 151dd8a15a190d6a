import TimelineContent
import TimelineModel
import TimelineTemplates

/// Merges lists that are each sorted ascending into one ascending list, stopping after
/// `limit` elements. A binary heap holds one cursor per list, so the cost is
/// O(limit · log k) for k lists, however long the lists are.
public enum KWayMerge {
    public static func merge(_ lists: [[Int]], limit: Int) -> [Int] {
        var heap = CursorHeap()
        for (listIndex, list) in lists.enumerated() where !list.isEmpty {
            heap.push(Cursor(value: list[0], list: listIndex, position: 0))
        }
        var merged: [Int] = []
        merged.reserveCapacity(min(limit, lists.reduce(0) { $0 + $1.count }))
        while merged.count < limit, let smallest = heap.popMinimum() {
            merged.append(smallest.value)
            let next = smallest.position + 1
            let list = lists[smallest.list]
            if next < list.count {
                heap.push(Cursor(value: list[next], list: smallest.list, position: next))
            }
        }
        return merged
    }

    package struct Cursor {
        package let value: Int
        package let list: Int
        package let position: Int
    }

    package struct CursorHeap {
        private var items: [Cursor] = []

        mutating func push(_ cursor: Cursor) {
            items.append(cursor)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child].value < items[parent].value else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func popMinimum() -> Cursor? {
            guard let first = items.first else { return nil }
            let last = items.removeLast()
            guard !items.isEmpty else { return first }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, items[left].value < items[smallest].value { smallest = left }
                if right < items.count, items[right].value < items[smallest].value { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
            return first
        }
    }
}
