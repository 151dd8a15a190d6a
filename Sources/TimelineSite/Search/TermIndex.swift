import TimelineContent
import TimelineModel
import TimelineTemplates

/// An inverted index: each term and the documents that hold it, in result order. Documents
/// are visited in result order, so each posting list comes out already ordered.
package struct TermIndex: Sendable {
    /// Sorted by UTF-16 code units, the order of JavaScript's string comparison, which the
    /// browser uses to find a term's chunk.
    package let terms: [String]
    /// Per term, the document numbers in result order.
    let postings: [[Int32]]

    /// `numberOfDocument(position)` is the number of the document at `position` in result
    /// order; `terms(position)` its distinct terms.
    package static func build(
        documentCount: Int, numberOfDocument: @escaping @Sendable (Int) -> Int32, terms: @escaping @Sendable (Int) -> Set<String>
    ) async -> TermIndex {
        let partial = await ParallelMap.chunks(count: documentCount) { range in
            var local: [String: [Int32]] = [:]
            for position in range {
                let number = numberOfDocument(position)
                for term in terms(position) { local[term, default: []].append(number) }
            }
            return local
        }
        var merged: [String: [Int32]] = [:]
        for chunk in partial {
            for (term, numbers) in chunk { merged[term, default: []].append(contentsOf: numbers) }
        }
        let sorted = merged.keys.map { (key: Array($0.utf16), term: $0) }.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        return TermIndex(terms: sorted.map(\.term), postings: sorted.map { merged[$0.term] ?? [] })
    }
}
