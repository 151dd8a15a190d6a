import TimelineModel
import TimelineSystem

/// Reads the albums folder, `albums/<username>/<slug>.md`: every album of the site, in the
/// order of their paths, or those of some owners (an edit build's). A site without the folder
/// has no albums.
package struct AlbumFolderLoader: Sendable {
    let contentFolder: SitePath
    let assets: AssetReader

    init(contentFolder: SitePath, assets: AssetReader) {
        self.contentFolder = contentFolder
        self.assets = assets
    }

    package init?(contentFolder: SitePath) {
        guard let assets = AssetReader(content: contentFolder) else { return nil }
        self.init(contentFolder: contentFolder, assets: assets)
    }

    /// Every album of the site.
    package func load(into diagnostics: inout DiagnosticList) async -> [Album] {
        await load(owners: owners(into: &diagnostics), into: &diagnostics)
    }

    /// The names of the albums folder's entries, each an owner's folder; none without it.
    package func owners(into diagnostics: inout DiagnosticList) -> [String] {
        let folder = ContentLayout.albumsFolder
        guard FileSystem.kind(of: contentFolder.absolute + "/" + folder) != .missing else { return [] }
        return entries(of: folder, into: &diagnostics)?.filter { !$0.hasPrefix(".") } ?? []
    }

    /// The albums in the folders of `owners` (names of entries of the albums folder), read on
    /// every core; none for a folder that is not there.
    package func load(owners: [String], into diagnostics: inout DiagnosticList) async -> [Album] {
        let files = albumFiles(owners: owners, into: &diagnostics)
        return collect(await ParallelMap.map(files) { file in read(owner: file.owner, fileNamed: file.name) }, into: &diagnostics)
    }

    /// The same, read on this thread: an edit build's few owners.
    package func loadNow(owners: [String], into diagnostics: inout DiagnosticList) -> [Album] {
        collect(albumFiles(owners: owners, into: &diagnostics).map { read(owner: $0.owner, fileNamed: $0.name) }, into: &diagnostics)
    }

    private func collect(_ results: [(Album?, [Diagnostic])], into diagnostics: inout DiagnosticList) -> [Album] {
        var albums: [Album] = []
        for (album, problems) in results {
            diagnostics.append(contentsOf: problems)
            if let album { albums.append(album) }
        }
        return albums
    }

    /// The album files of `owners`' folders, each checked by name.
    private func albumFiles(owners: [String], into diagnostics: inout DiagnosticList) -> [(owner: String, name: String)] {
        var files: [(owner: String, name: String)] = []
        for owner in owners {
            let ownerFolder = ContentLayout.albumOwnerFolder(owner)
            let kind = FileSystem.kind(of: contentFolder.absolute + "/" + ownerFolder)
            if kind == .missing { continue }
            guard kind == .directory else {
                diagnostics.append(
                    .warning(
                        .unknownKey, stage: .load, at: SourceLocation(path: contentFolder.shown + ownerFolder),
                        "unexpected entry in the albums folder, ignored: it holds one folder per user, named by username, with an album file '<slug>.md' for each album"
                    ))
                continue
            }
            guard let names = entries(of: ownerFolder, into: &diagnostics) else { continue }
            var slugs: [String] = []
            for name in names where !name.hasPrefix(".") {
                let shown = contentFolder.shown + ownerFolder + "/" + name
                guard ContentLayout.isAlbumFileName(name) else {
                    diagnostics.append(
                        .warning(
                            .unknownKey, stage: .load, at: SourceLocation(path: shown),
                            "unexpected file in an albums folder, ignored: an album is a file '<slug>.md'"))
                    continue
                }
                let slug = ContentLayout.slug(ofAlbumFileNamed: name)
                guard ContentID.isValid(slug) else {
                    diagnostics.append(
                        .error(
                            .invalidAlbumSlug, stage: .load, at: SourceLocation(path: shown),
                            "'\(slug)' is no album slug: the file's name before '.md' is the album's address, 1 to 64 letters, digits, '-' or '_'"))
                    continue
                }
                slugs.append(slug)
                files.append((owner, name))
            }
            for (slug, first) in CaseConflicts.pairs(slugs) {
                diagnostics.append(
                    .error(
                        .duplicateAlbumSlug, stage: .load, at: SourceLocation(path: contentFolder.shown + ContentLayout.albumFile(owner: owner, slug: slug)),
                        "album '\(slug)' differs from '\(first)' only in case: the two share one address on a case-insensitive file system (macOS, Windows); rename one"
                    ))
            }
        }
        return files
    }

    private func entries(of folder: String, into diagnostics: inout DiagnosticList) -> [String]? {
        if assets.leavesContent(folder) {
            diagnostics.append(assets.outsideContent(folder))
            return nil
        }
        do {
            return try FileSystem.entries(of: contentFolder.absolute + "/" + folder)
        } catch {
            diagnostics.append(
                .error(.unreadableFile, stage: .load, at: SourceLocation(path: contentFolder.shown + folder + "/"), "cannot list the folder: \(error.reason)"))
            return nil
        }
    }

    private func read(owner: String, fileNamed name: String) -> (Album?, [Diagnostic]) {
        let slug = ContentLayout.slug(ofAlbumFileNamed: name)
        let file = ContentLayout.albumFile(owner: owner, slug: slug)
        let shown = contentFolder.shown + file
        if assets.leavesContent(file) { return (nil, [assets.outsideContent(file)]) }
        guard FileSystem.kind(of: contentFolder.absolute + "/" + file) == .file else {
            return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: shown), "an album must be a file")])
        }
        return AlbumReader.read(owner: owner, slug: slug, in: contentFolder)
    }
}
