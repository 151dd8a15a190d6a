import TimelineContent
import TimelineModel
import TimelineTemplates

/// Relative URL paths between folders of the site, computed over bytes: the rewriting of a
/// page's links runs over every page of a relative build.
package struct RelativeURL {
    /// The folder the paths start from, relative to the site root (`u/han/`, empty for the
    /// root), and the range of each of its segments.
    package let folder: [UInt8]
    private let segments: [Range<Int>]

    init(folder: String) {
        self.folder = Array(folder.utf8)
        var segments: [Range<Int>] = []
        var start = 0
        for index in self.folder.indices where self.folder[index] == UInt8(ascii: "/") {
            if index > start { segments.append(start..<index) }
            start = index + 1
        }
        if start < self.folder.count { segments.append(start..<self.folder.count) }
        self.segments = segments
    }

    /// The path from the folder to `target` (relative to the site root, without query or
    /// fragment), appended to `output`: `../` up to the deepest common folder, then the rest;
    /// a folder target ends in `index.html`.
    func appendPath(to target: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let slash = UInt8(ascii: "/")
        // The folders of the target are everything up to its last `/`; the file follows it.
        let fileStart = (target.lastIndex(of: slash) ?? -1) + 1
        var common = 0
        var position = 0
        while common < segments.count, position < fileStart {
            let segment = segments[common]
            let end = position + segment.count
            guard end < fileStart, target[end] == slash, folder.withUnsafeBufferPointer({ matches(target, from: position, $0, segment) }) else { break }
            common += 1
            position = end + 1
        }
        let start = output.count
        for _ in common..<segments.count { output.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "."), slash]) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: target[position...]))
        if fileStart == target.count { output.append(contentsOf: Self.indexFile) }
        // A first segment with a colon would read as a scheme (`a:b` is not a path).
        if common == segments.count {
            let firstSegment = output[start...].prefix { $0 != slash }
            if firstSegment.contains(UInt8(ascii: ":")) { output.insert(contentsOf: [UInt8(ascii: "."), slash], at: start) }
        }
    }

    /// The path from the folder to `target` as text (for files other than pages).
    package func path(to target: String) -> String {
        var target = target
        var output: [UInt8] = []
        target.withUTF8 { appendPath(to: $0, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    private static let indexFile = Array("index.html".utf8)

    private func matches(_ target: UnsafeBufferPointer<UInt8>, from position: Int, _ folder: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> Bool {
        var index = 0
        while index < segment.count {
            if target[position + index] != folder[segment.lowerBound + index] { return false }
            index += 1
        }
        return true
    }
}
