import TimelineContent
import TimelineModel
import TimelineTemplates

/// The term list of one collection cut into files the browser loads a few at a time.
///
/// A chunk is a text file with one line per term, in `TermIndex` order:
/// `<shared><rest>\t<postings>[\t<tail>]`, where `<shared>` is one `PostingEncoding` digit
/// giving how many UTF-16 code units the term shares with the line before (front coding;
/// 0 on a chunk's first line) and `<rest>` the remaining characters. `<postings>` is the
/// newest part of the term's posting list; `<tail>`, when present, names the tail file with
/// the next part. A tail file is `<postings>[\t<tail>]` and starts with an absolute number.
///
/// `CollectionIndex` keeps the lines and cuts them into chunks; this is how one line is made.
package enum IndexShards {
    /// A term's postings, split into the part its chunk line holds and the chained tail files.
    package struct Entry: Sendable {
        let head: [UInt8]
        let firstTail: String?
        let tailFiles: [SearchFile]

        init(head: [UInt8], firstTail: String?, tailFiles: [SearchFile]) {
            self.head = head
            self.firstTail = firstTail
            self.tailFiles = tailFiles
        }

        package init(postings: [Int32], descending: Bool, layout: SearchLayout, folder: String) {
            var pieces: [[UInt8]] = []
            var start = 0
            while start < postings.count {
                let budget = pieces.isEmpty ? layout.headBytes : layout.tailBytes
                var bytes: [UInt8] = []
                let end = PostingEncoding.append(postings: postings, from: start, descending: descending, budget: budget, to: &bytes)
                pieces.append(bytes)
                start = end
            }
            var next: String?
            var tails: [SearchFile] = []
            for piece in pieces.dropFirst().reversed() {
                var bytes = piece
                if let next { bytes += [UInt8(ascii: "\t")] + Array(next.utf8) }
                let name = SearchLayout.digest(bytes, length: SearchLayout.nameDigestLength)
                tails.append(SearchFile(path: folder + SearchLayout.tailFolder + name + ".txt", bytes: bytes))
                next = name
            }
            head = pieces.first ?? []
            firstTail = next
            tailFiles = tails.reversed()
        }
    }

    package static func line(term: String, after previous: String, entry: Entry) -> [UInt8] {
        var shared = 0
        var rest = term.unicodeScalars.startIndex
        var theirs = previous.unicodeScalars.makeIterator()
        for index in term.unicodeScalars.indices {
            let scalar = term.unicodeScalars[index]
            guard let other = theirs.next(), other == scalar, shared + scalar.utf16.count < PostingEncoding.alphabet.count else { break }
            shared += scalar.utf16.count
            rest = term.unicodeScalars.index(after: index)
        }
        var line = [PostingEncoding.alphabet[shared]]
        line += Array(String(term.unicodeScalars[rest...]).utf8)
        line.append(UInt8(ascii: "\t"))
        line += entry.head
        if let tail = entry.firstTail {
            line.append(UInt8(ascii: "\t"))
            line += Array(tail.utf8)
        }
        line.append(UInt8(ascii: "\n"))
        return line
    }
}
