import Foundation
import Synchronization

/// Maps over a collection on every core, in contiguous chunks, and returns the results in the
/// input order, so parallel work stays deterministic.
package enum ParallelMap {
    static var processorCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

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

    /// Runs `body` once per chunk of `0..<count` on `threads` threads of their own, outside the
    /// cooperative pool, and returns the chunk results in order: for work that mostly waits on
    /// the disk (the up-to-date check of a fresh clone, whose folders and inodes are not in
    /// memory yet), where more requests in flight than there are cores shorten the wait.
    package static func blockingChunks<Result: Sendable>(
        count: Int, threads: Int, body: @escaping @Sendable (Range<Int>) -> Result
    ) async -> [Result] {
        guard count > 0 else { return [] }
        let chunkCount = min(count, threads * 16)
        let size = (count + chunkCount - 1) / chunkCount
        let ranges = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
        let work = BlockingWork<Result>(chunks: ranges.count)
        let width = min(threads, ranges.count)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            for _ in 0..<width {
                let thread = Thread {
                    while let chunk = work.nextChunk() { work.store(body(ranges[chunk]), at: chunk) }
                    if work.threadFinished(of: width) { finished.resume() }
                }
                thread.start()
            }
        }
        return work.results()
    }

    /// The chunks of a `blockingChunks` run: which is next, their results, the threads done.
    private final class BlockingWork<Result: Sendable>: Sendable {
        private let next = Atomic<Int>(0)
        private let done = Atomic<Int>(0)
        private let chunkCount: Int
        private let stored: Mutex<[Result?]>

        init(chunks: Int) {
            chunkCount = chunks
            stored = Mutex([Result?](repeating: nil, count: chunks))
        }

        func nextChunk() -> Int? {
            let chunk = next.add(1, ordering: .relaxed).oldValue
            return chunk < chunkCount ? chunk : nil
        }

        func store(_ result: Result, at chunk: Int) {
            stored.withLock { $0[chunk] = result }
        }

        /// True for the last of `width` threads to finish.
        func threadFinished(of width: Int) -> Bool {
            done.add(1, ordering: .acquiringAndReleasing).newValue == width
        }

        func results() -> [Result] {
            stored.withLock { $0.compactMap { $0 } }
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
