/// Searches by halves in a list of indexes sorted ascending.
package enum SortedSearch {
    /// How many of `list`'s values are less than `value`: where `value` stands, or would go.
    package static func count<Value: Comparable>(below value: Value, in list: [Value]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
