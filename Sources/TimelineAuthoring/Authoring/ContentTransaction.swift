import TimelineContent
import TimelineModel
import TimelineSystem

/// Changes to files under the content folder that take effect together or not at all.
///
/// Staging writes every new file beside its destination under a hidden name (the loader
/// ignores names starting with `.`), so a failure while staging touches nothing visible.
/// `commit` then renames the staged files into place one by one, keeping a hard link to each
/// file it replaces and moving what it removes aside; if a step fails, or the verification the
/// caller passes finds an error, every step done is undone in reverse and the files are as
/// they were. Only after success are the kept links and the removed files deleted.
package final class ContentTransaction {
    /// The content folder (absolute) and how messages name it (`Content/`).
    /// The content folder.
    package let location: SitePath

    private enum Step {
        /// A staged file or folder to rename to `destination`; `mustBeNew` refuses to replace.
        case place(staged: String, destination: String, mustBeNew: Bool)
        /// A file or folder to move aside and delete once the change has succeeded.
        case remove(path: String)
    }

    private enum Undo {
        case restore(backup: String, path: String)
        case unplace(path: String, staged: String)
        case moveBack(aside: String, path: String)
    }

    private var steps: [Step] = []
    private var stagedPaths: [String] = []
    private var counter = 0
    /// Tests set this to make `commit` fail before the step with this index.
    var failBeforeStep: Int?

    init(_ location: SitePath) {
        self.location = location
    }

    private var root: String { location.absolute }

    deinit {
        discard()
    }

    package var isEmpty: Bool { steps.isEmpty }

    /// For a dry run: what `commit` would do, one line a step in order (`write
    /// Content/users/alice.json`, `remove Content/posts/-K25…/`). Whatever was staged is
    /// deleted, and the transaction is empty.
    package func abandon() -> [String] {
        defer { discard() }
        return steps.map { step in
            switch step {
            case .place(_, let destination, _): "write " + shown(destination)
            case .remove(let path):
                "remove " + shown(path) + (FileSystem.kind(of: path) == .directory ? "/" : "")
            }
        }
    }

    package func absolute(_ relativePath: String) -> String { location.appending(relativePath).absolute }
    package func display(_ relativePath: String) -> String { location.appending(relativePath).shown }

    /// How messages name an absolute path under the content folder.
    private func shown(_ absolutePath: String) -> String { location.child(atAbsolute: absolutePath)?.shown ?? absolutePath }

    /// A hidden name beside `relativePath` for staging, backups and removed files.
    private func sideName(for relativePath: String, _ purpose: String) -> String {
        counter += 1
        let parent = Path.parent(of: relativePath)
        let name = ".\(Path.fileName(of: relativePath)).\(purpose)-\(CurrentProcess.id)-\(counter)"
        return absolute(parent == "." ? name : parent + "/" + name)
    }

    /// Creates or replaces the file at `relativePath` with `bytes`.
    package func write(_ relativePath: String, bytes: [UInt8]) throws(AuthoringError) {
        try stageFile(relativePath, mustBeNew: false) { staged throws(FileSystem.Failure) in try FileSystem.writeFile(staged, bytes: bytes) }
    }

    /// Creates the file at `relativePath` with `bytes`; fails at commit if it exists by then.
    package func create(_ relativePath: String, bytes: [UInt8]) throws(AuthoringError) {
        try stageFile(relativePath, mustBeNew: true) { staged throws(FileSystem.Failure) in try FileSystem.writeFile(staged, bytes: bytes) }
    }

    /// Creates the file at `relativePath` as a copy of `source` (any absolute path).
    package func copy(from source: String, to relativePath: String) throws(AuthoringError) {
        try stageFile(relativePath, mustBeNew: true) { staged throws(FileSystem.Failure) in
            try FileSystem.writeFile(staged, bytes: try FileSystem.readBytes(source))
        }
    }

    private func stageFile(_ relativePath: String, mustBeNew: Bool, fill: (String) throws(FileSystem.Failure) -> Void) throws(AuthoringError) {
        if mustBeNew { try requireAbsent(relativePath) }
        let staged = sideName(for: relativePath, "new")
        stagedPaths.append(staged)
        do {
            try FileSystem.makeDirectories(Path.parent(of: staged))
            try fill(staged)
        } catch {
            throw AuthoringError.fileSystem(error, shownAs: display(relativePath))
        }
        steps.append(.place(staged: staged, destination: absolute(relativePath), mustBeNew: mustBeNew))
    }

    /// Creates a hidden folder that `commit` renames to `relativePath`, and returns its
    /// absolute path for the caller to fill.
    func stageFolder(_ relativePath: String) throws(AuthoringError) -> String {
        try requireAbsent(relativePath)
        let staged = sideName(for: relativePath, "new")
        stagedPaths.append(staged)
        do {
            try FileSystem.makeDirectories(staged)
        } catch {
            throw AuthoringError.fileSystem(error, shownAs: display(relativePath))
        }
        steps.append(.place(staged: staged, destination: absolute(relativePath), mustBeNew: true))
        return staged
    }

    /// Removes the file or folder at `relativePath` (which must exist) when the change commits.
    package func remove(_ relativePath: String) throws(AuthoringError) {
        guard FileSystem.kind(of: absolute(relativePath)) != .missing else {
            throw AuthoringError(.fileSystem, at: SourceLocation(path: display(relativePath)), "does not exist")
        }
        steps.append(.remove(path: absolute(relativePath)))
    }

    /// Refuses a path that exists, unless what is there is a file this change removes in an
    /// earlier step: on a case-insensitive file system (APFS by default, Windows) `users/Bob.json`
    /// is `users/bob.json`, which a rename by case removes first, moving it aside to a hidden
    /// name, so the new name is free by the time it is placed.
    private func requireAbsent(_ relativePath: String) throws(AuthoringError) {
        let path = absolute(relativePath)
        guard FileSystem.kind(of: path) == .missing || isRemovedEarlier(path) else {
            throw AuthoringError(.alreadyExists, at: SourceLocation(path: display(relativePath)), "exists already; it is left as it is")
        }
    }

    /// Whether `path` leads to the same file as one that an earlier step removes.
    private func isRemovedEarlier(_ path: String) -> Bool {
        guard let existing = FileSystem.linkStatus(of: path) else { return false }
        return steps.contains { step in
            guard case .remove(let removed) = step, removed.lowercased() == path.lowercased(), let status = FileSystem.linkStatus(of: removed) else {
                return false
            }
            return status.inode == existing.inode
        }
    }

    /// Applies every step, then runs `verify` over the result; a failed step or an error from
    /// `verify` undoes everything. Returns the warnings `verify` found.
    @discardableResult
    package func commit(verify: () -> [Diagnostic] = { [] }) throws(AuthoringError) -> [Diagnostic] {
        var undo: [Undo] = []
        var aside: [String] = []
        do throws(AuthoringError) {
            for (index, step) in steps.enumerated() {
                if failBeforeStep == index {
                    throw AuthoringError(.fileSystem, at: SourceLocation(path: location.shown), "simulated failure before step \(index)")
                }
                try apply(step, undo: &undo, aside: &aside)
            }
            let diagnostics = verify()
            if diagnostics.contains(where: { $0.severity == .error }) {
                throw AuthoringError(.invalidContent, "the change would break the content rules; nothing was changed", diagnostics: diagnostics)
            }
            finish(undo: undo, aside: aside)
            return diagnostics
        } catch {
            rollBack(undo)
            discard()
            throw error
        }
    }

    private func apply(_ step: Step, undo: inout [Undo], aside: inout [String]) throws(AuthoringError) {
        switch step {
        case .place(let staged, let destination, let mustBeNew):
            let shown = shown(destination)
            let existing = FileSystem.kind(of: destination)
            if existing != .missing {
                guard !mustBeNew, existing == .file else {
                    throw AuthoringError(.alreadyExists, at: SourceLocation(path: shown), "exists already; it is left as it is")
                }
                let backup = sideName(for: Path.relative(destination, to: root), "old")
                do {
                    try FileSystem.link(from: destination, to: backup)
                } catch {
                    throw AuthoringError(.fileSystem, at: SourceLocation(path: shown), "cannot keep the previous version: \(error.reason)")
                }
                do {
                    try FileSystem.rename(staged, to: destination)
                } catch {
                    try? FileSystem.removeFileIfPresent(backup)
                    throw AuthoringError.fileSystem(error, shownAs: shown)
                }
                undo.append(.restore(backup: backup, path: destination))
            } else {
                do {
                    try FileSystem.rename(staged, to: destination)
                } catch {
                    throw AuthoringError.fileSystem(error, shownAs: shown)
                }
                undo.append(.unplace(path: destination, staged: staged))
            }
        case .remove(let path):
            let moved = sideName(for: Path.relative(path, to: root), "removed")
            do {
                try FileSystem.rename(path, to: moved)
            } catch {
                throw AuthoringError.fileSystem(error, shownAs: shown(path))
            }
            undo.append(.moveBack(aside: moved, path: path))
            aside.append(moved)
        }
    }

    private func rollBack(_ undo: [Undo]) {
        for step in undo.reversed() {
            switch step {
            case .restore(let backup, let path): _ = try? FileSystem.rename(backup, to: path)
            case .unplace(let path, let staged): _ = try? FileSystem.rename(path, to: staged)
            case .moveBack(let moved, let path): _ = try? FileSystem.rename(moved, to: path)
            }
        }
    }

    private func finish(undo: [Undo], aside: [String]) {
        for step in undo {
            if case .restore(let backup, _) = step { try? FileSystem.removeFileIfPresent(backup) }
        }
        for path in aside { try? FileSystem.removeTree(path) }
        steps = []
        stagedPaths = []
    }

    /// Deletes whatever is still staged; the transaction is then empty.
    func discard() {
        for path in stagedPaths { try? FileSystem.removeTree(path) }
        stagedPaths = []
        steps = []
    }
}
