/// One element of a list taken out at `from` and put back at `to` (an index of the list
/// without it): every element between the two moves one place toward `from`. What a renamed
/// user does to the users, which are sorted by username.
package struct IndexMove: Sendable, Equatable {
    package let from: Int
    package let to: Int

    package init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// Where the element at `index` is after the move.
    package func callAsFunction(_ index: Int) -> Int {
        if index == from { return to }
        if from < to, index > from, index <= to { return index - 1 }
        if to < from, index >= to, index < from { return index + 1 }
        return index
    }

    /// `list` with the element at `from` moved to `to`.
    package func applied<Element>(to list: [Element]) -> [Element] {
        var moved = list
        moved.insert(moved.remove(at: from), at: to)
        return moved
    }
}
