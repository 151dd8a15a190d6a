/// Byte strings laid end to end in one buffer, for sorting many of them as bytes (a manifest's
/// paths, the files of a build's pages): sorting an array of arrays moved each string on every
/// step of the sort, retaining and releasing it, while sorting indexes here moves integers.
package struct PackedBytes: Sendable {
    package private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []

    package init(reservingCapacity count: Int = 0) {
        ends.reserveCapacity(count)
    }

    package var count: Int { ends.count }

    package mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        ends.append(bytes.count)
    }

    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[range(index)]
    }

    private func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// The indexes of the strings in byte order; equal strings in the order of their indexes.
    package func sortedIndexes() -> [Int] {
        var order = Array(0..<count)
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
                }
                // The sort is stable, and the indexes start in order.
                order.sort { ByteOrder.precedes(string($0), string($1)) }
            }
        }
        return order
    }
}
