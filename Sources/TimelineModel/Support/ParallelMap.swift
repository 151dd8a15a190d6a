import Foundation

/// Maps over a collection on every core, in contiguous chunks, and returns the results in the
/// input order, so parallel work stays deterministic.
package enum ParallelMap {
    package static var processorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    package static func map<Items: RandomAccessCollection & Sendable, Result: Sendable>(
        _ items: Items, transform: @escaping @Sendable (Items.Element) -> Result
    ) async -> [Result] where Items.Index == Int {
        let start = items.startIndex
        return await chunks(count: items.count) { range in range.map { transform(items[start + $0]) } }.flatMap { $0 }
    }

    /// Runs `body` once per chunk of `0..<count`, in parallel, and returns the chunk results in order.
    package static func chunks<Result: Sendable>(
        count: Int, body: @escaping @Sendable (Range<Int>) -> Result
    ) async -> [Result] {
        let ranges = chunkRanges(count: count)
        return await withTaskGroup(of: (Int, Result).self) { group in
            for (chunkIndex, range) in ranges.enumerated() {
                group.addTask { (chunkIndex, body(range)) }
            }
            var results: [(Int, Result)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// A few chunks per core so that one slow chunk does not leave a core idle.
    package static func chunkRanges(count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let chunkCount = min(count, processorCount * 8)
        let size = (count + chunkCount - 1) / chunkCount
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Maps one item per core at a time, keeping the input order: for work where each item
    /// holds much memory while it runs (a decoded photo), so that at most one per core exists.
    package static func bounded<Element: Sendable, Output: Sendable>(
        _ items: [Element], width: Int = processorCount, transform: @escaping @Sendable (Element) -> Output
    ) async -> [Output] {
        await withTaskGroup(of: (Int, Output).self) { group in
            var results = [Output?](repeating: nil, count: items.count)
            var next = 0
            while next < min(width, items.count) {
                let index = next
                group.addTask { (index, transform(items[index])) }
                next += 1
            }
            for await (index, output) in group {
                results[index] = output
                if next < items.count {
                    let index = next
                    group.addTask { (index, transform(items[index])) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }
}
