import TimelineContent
import TimelineModel
import TimelineSystem

extension InputSnapshot.Tree {
    /// The inputs of each record as the record cache reads them back (`RecordCache.InputRuns`):
    /// the tree holds a record's inputs together, from its post folder or user file on
    /// (`InputSnapshot.captureContent`, `replacingPostInputs`), so one look-up of that path
    /// finds them all. Only paths of a post folder or a file of the users folder are looked up.
    func recordRuns() -> RecordCache.InputRuns {
        var starts: [String: Int] = [:]
        starts.reserveCapacity(offsets.count / 4)
        let slash = UInt8(ascii: "/")
        pathBytes.withUnsafeBufferPointer { bytes in
            for (index, offset) in offsets.enumerated() {
                let start = Int(offset)
                var end = start
                var slashes = 0
                while bytes[end] != 0 {
                    if bytes[end] == slash { slashes += 1 }
                    end += 1
                }
                guard slashes == 1 else { continue }
                let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                if starts[path] == nil { starts[path] = index }
            }
        }
        return { path, count in
            guard let start = starts[path], count <= offsets.count - start else { return nil }
            return (start..<start + count).map { RecordCache.Dependency(path: self.path(at: $0), status: statuses[$0], identity: identities[$0]) }
        }
    }
}
