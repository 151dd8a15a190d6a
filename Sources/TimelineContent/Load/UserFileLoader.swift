import TimelineModel
import TimelineSystem

/// Reads one `users/<username>.json` into its record and record-cache entry: the load stage
/// reads every user file with it, and an edit build the files a change reached, so both read
/// a user the same way and keep the same dependencies for them.
package struct UserFileLoader: Sendable {
    let contentFolder: SitePath
    let assets: AssetReader
    let identities: FileIdentities

    package init(contentFolder: SitePath, assets: AssetReader, identities: FileIdentities) {
        self.contentFolder = contentFolder
        self.assets = assets
        self.identities = identities
    }

    /// A loader of the user files under `contentFolder` on their own (an edit build's); nil
    /// when the folder cannot be resolved.
    package init?(contentFolder: SitePath) {
        guard let assets = AssetReader(content: contentFolder) else { return nil }
        self.init(contentFolder: contentFolder, assets: assets, identities: FileIdentities(root: contentFolder.absolute))
    }

    package typealias Loaded = (user: User?, problems: [Diagnostic], entry: RecordCache.Entry<User>?)

    /// The user in the file `name` of the users folder. `known` are the dependencies its last
    /// entry had: a file whose status is the same keeps its identity without being hashed again.
    package func load(fileNamed name: String, known: [RecordCache.Dependency]) -> Loaded {
        let file = ContentLayout.fileInUsersFolder(named: name)
        if assets.leavesContent(file) { return (nil, [assets.outsideContent(file)], nil) }
        let shown = contentFolder.shown + file
        let dependencies = RecordCache.dependencies([file], identities: identities, known: known)
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.readBytes(contentFolder.absolute + "/" + file)
        } catch {
            return (nil, [.error(.unreadableFile, stage: .load, at: SourceLocation(path: shown), "cannot read: \(error.reason)")], nil)
        }
        let (user, problems) = UserReader(assets: assets).read(
            SourceFile(path: shown, bytes: bytes), expectedUsername: ContentLayout.username(ofUserFileNamed: name))
        let entry = ContentLoader.withAssetIdentity(
            ContentLoader.cacheEntry(user, problems, dependencies, extra: user?.avatar.map { [$0.relativePath] } ?? [], identities: identities, known: known),
            path: user?.avatar?.relativePath
        ) { $0.avatar?.identity = $1 }
        return (entry?.record ?? user, problems, entry)
    }
}
