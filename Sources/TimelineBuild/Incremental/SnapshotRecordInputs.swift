import TimelineContent
import TimelineModel
import TimelineSystem

extension InputSnapshot.Tree {
    /// The inputs of each record as the record cache reads them back (`RecordCache.InputRuns`):
    /// the tree holds a record's inputs together, from its post folder or user file on
    /// (`InputSnapshot.captureContent`, `replacingPostInputs`), so one look-up of that path
    /// finds them all. Only paths of a post folder or a file of the users folder are looked up.
    func recordRuns() -> RecordCache.InputRuns {
        let starts = recordStarts()
        return { path, count in
            guard let start = starts[path], count <= offsets.count - start else { return nil }
            return (start..<start + count).map(dependency(at:))
        }
    }

    /// The inputs the tree holds for a record's place (a post folder or a user file) without
    /// the record cache, which says how many they are: the post folder and what is inside it,
    /// or the user file and the files of the users folder after it (their avatar). A clean
    /// build takes the identities of unchanged files from them instead of hashing those again.
    func knownInputs() -> RecordCache.KnownInputs {
        let starts = recordStarts()
        return { place in
            guard let start = starts[place] else { return [] }
            let isUserFile = ContentLayout.place(of: place).map { if case .userFile = $0 { true } else { false } } ?? false
            var end = start + 1
            if isUserFile {
                while end < offsets.count,
                    ContentLayout.place(of: path(at: end)).map({ if case .otherFileInUsersFolder = $0 { true } else { false } }) ?? false
                {
                    end += 1
                }
            } else {
                // The post folder's files, compared in the tree's bytes: a string per path cost
                // more than the rest of the look-up.
                let folder = Array(place.utf8)
                while end < offsets.count, isInside(folder, at: end) { end += 1 }
            }
            return (start..<end).map(dependency(at:))
        }
    }

    private func dependency(at index: Int) -> RecordCache.Dependency {
        RecordCache.Dependency(path: path(at: index), status: statuses[index], identity: identities[index])
    }

    /// Where each path of two parts (`posts/<id>`, `users/<file>`) first stands in the tree.
    private func recordStarts() -> [String: Int] {
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
        return starts
    }
}
