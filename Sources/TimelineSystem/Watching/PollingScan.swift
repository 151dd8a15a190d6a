/// The fallback: a scan of every file's size, modification time and inode at each interval.
struct PollingScan {
    let roots: [String]
    let interval: Duration

    /// Every entry below the roots (folders too; symbolic links are not followed), each folder
    /// listed once.
    func snapshot() -> [String: FileSystem.Stamp] {
        var stamps: [String: FileSystem.Stamp] = [:]
        var pending = roots
        while let folder = pending.popLast() {
            for entry in FileSystem.directoryEntries(of: folder) {
                let path = folder + "/" + entry.name
                if entry.isDirectory { pending.append(path) }
                guard !FileWatcher.isScratchFile(entry.name) else { continue }
                stamps[path] = FileSystem.linkStatus(of: path)?.stamp
            }
        }
        return stamps
    }

    func run(from baseline: [String: FileSystem.Stamp], until stop: StopSignal, report: ([String]) -> Void) {
        let milliseconds = Int32(clamping: interval.wholeMilliseconds)
        var previous = baseline
        while !stop.wait(milliseconds: max(milliseconds, 1)).stopped {
            let current = snapshot()
            var changed = current.filter { previous[$0.key] != $0.value }.map(\.key)
            changed += previous.keys.filter { current[$0] == nil }
            previous = current
            if !changed.isEmpty { report(changed.sorted()) }
        }
    }
}
