import TimelineSystem

/// What a `ContentTransaction` staged and never put in place because its process was killed
/// midway: a hidden file or folder beside its destination, `.<name>.new-<pid>-<n>`, which the
/// loader ignores and nothing else would ever remove. The next import, authoring command or
/// build removes each whose process is gone; one whose process still runs (another command at
/// work) is left alone.
package enum StagingLeftovers {
    /// The process that staged `name`, when it is a staged name.
    static func processID(ofStaged name: String) -> Int32? {
        guard name.utf8.first == UInt8(ascii: ".") else { return nil }
        let bytes = Array(name.utf8)
        let marker = Array(".new-".utf8)
        guard bytes.count > marker.count else { return nil }
        var start = bytes.count - marker.count
        while start > 0, !bytes[start..<start + marker.count].elementsEqual(marker) { start -= 1 }
        guard start > 0 else { return nil }
        let parts = bytes[(start + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let id = Int32(String(decoding: parts[0], as: UTF8.self)), id > 0
        else { return nil }
        return id
    }

    /// Removes the leftovers among `names`, the entries of `folder` (absolute); how many.
    @discardableResult
    package static func remove(among names: [String], in folder: String) -> Int {
        var removed = 0
        for name in names {
            guard let id = processID(ofStaged: name), id != CurrentProcess.id, !CurrentProcess.isRunning(id) else { continue }
            do {
                try FileSystem.removeTree(folder + "/" + name)
                removed += 1
            } catch {
                // Left for the next run; it is hidden and harms nothing.
            }
        }
        return removed
    }

    /// Removes the leftovers in the content folder, `users/` and `posts/`; how many.
    @discardableResult
    package static func remove(inContent root: String) -> Int {
        [root, root + "/" + ContentLayout.usersFolder, root + "/" + ContentLayout.postsFolder].reduce(0) { count, folder in
            // Only hidden names can be staged ones: the listing is neither kept whole nor sorted.
            var hidden: [String] = []
            try? FileSystem.readDirectory(folder) { name, _ in
                if name.utf8.first == UInt8(ascii: ".") { hidden.append(name) }
            }
            return count + remove(among: hidden, in: folder)
        }
    }
}
