/// Byte strings laid end to end in one buffer (a manifest's paths, the files of a build's pages,
/// the reads table's files): one allocation for all of them, and sorted by index, since sorting
/// an array of arrays moved each string on every step of the sort, retaining and releasing it.
package struct PackedBytes: Sendable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    package init(reservingCapacity count: Int = 0) {
        ends.reserveCapacity(count)
    }

    package var count: Int { ends.count }

    package mutating func append(_ text: String) {
        append(bytes: text.utf8)
    }

    package mutating func append(bytes string: some Collection<UInt8>) {
        bytes.append(contentsOf: string)
        ends.append(bytes.count)
    }

    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[range(index)]
    }

    /// Where string `index` lies in `withUnsafeBytes`'s buffer.
    package func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// `body` of every string's bytes, end to end (string `i` at `range(i)`).
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }

    /// The indexes of the strings in byte order; equal strings in the order of their indexes.
    package func sortedIndexes() -> [Int] {
        var order = Array(0..<count)
        bytes.withUnsafeBufferPointer { all in
            // The sort is stable, and the indexes start in order.
            order.sort { ByteOrder.precedes(UnsafeBufferPointer(rebasing: all[range($0)]), UnsafeBufferPointer(rebasing: all[range($1)])) }
        }
        return order
    }
}
