import TimelineSite

/// Reads the search index's chunk and tail files back, the way `assets/search.js` does, so
/// tests can check what a build wrote.
package enum SearchIndexReader {
    package struct Line: Equatable {
        package let term: String
        package let postings: [Int]
        let tail: String?
        package let shared: Int
    }

    package enum Failure: Error { case malformed(String) }

    package static func chunk(_ bytes: [UInt8], descending: Bool) throws -> [Line] {
        var previous: [UInt16] = []
        var lines: [Line] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let first = line.utf8.first, let shared = PostingEncoding.alphabet.firstIndex(of: first) else { throw Failure.malformed(String(line)) }
            let fields = line.dropFirst().split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let postings = PostingEncoding.decode(postings: Array(fields[1].utf8), descending: descending) else {
                throw Failure.malformed(String(line))
            }
            let term = String(decoding: previous.prefix(shared) + Array(fields[0].utf16), as: UTF16.self)
            lines.append(Line(term: term, postings: postings, tail: fields.count > 2 ? String(fields[2]) : nil, shared: shared))
            previous = Array(term.utf16)
        }
        return lines
    }

    /// A term's whole posting list: its chunk line's part, then each tail file in turn.
    package static func postings(of line: Line, descending: Bool, tailFile: (String) throws -> [UInt8]) throws -> [Int] {
        var postings = line.postings
        var tail = line.tail
        while let name = tail {
            let parts = String(decoding: try tailFile(name), as: UTF8.self).split(separator: "\t")
            guard let first = parts.first, let more = PostingEncoding.decode(postings: Array(first.utf8), descending: descending) else {
                throw Failure.malformed(name)
            }
            postings += more
            tail = parts.count > 1 ? String(parts[1]) : nil
        }
        return postings
    }
}
