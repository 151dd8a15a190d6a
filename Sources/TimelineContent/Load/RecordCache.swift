import TimelineModel
import TimelineSystem

/// The records the last build read, each with the status (size, times, inode) and the identity
/// (`FileIdentities`: what the bytes are) of every file and folder it was read from. The load
/// stage takes a record from here when all of those are unchanged, instead of parsing YAML,
/// JSON and image headers again: on a large site that is most of a rebuild's load time. A file
/// whose status moved but whose identity did not (a fresh clone, a file written again with the
/// same bytes, a restored backup) still counts as unchanged. Kept beside the build manifest; a
/// missing or damaged cache only costs parsing.
package struct RecordCache: Sendable {
    /// One file or folder a record was read from, relative to the content folder.
    package struct Dependency: Sendable, Equatable {
        package let path: String
        /// The shortcut: while it is the same, the file is taken as unchanged without reading it.
        package let status: FileSystem.Status
        package let identity: Digest

        package init(path: String, status: FileSystem.Status, identity: Digest) {
            self.path = path
            self.status = status
            self.identity = identity
        }
    }

    package struct Entry<Record: Sendable>: Sendable {
        package let dependencies: [Dependency]
        package let record: Record
        /// The warnings reading it gave (records with errors are not kept).
        package let warnings: [Diagnostic]
    }

    package static let magic = Array("timeline-records 5".utf8)

    /// Stands for a status that was not kept (the file changed too close to the build that
    /// read it): no file has inode 0, so it matches none, and the next build compares the identity.
    package static let unknownStatus = FileSystem.Status(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0, isDirectory: false)

    /// `status`, or `unknownStatus` when it changed at or after `limit` (within the racy window).
    package static func kept(_ status: FileSystem.Status, changedBefore limit: Int64) -> FileSystem.Status {
        status.modifiedNanoseconds < limit && status.changedNanoseconds < limit ? status : unknownStatus
    }

    /// Diagnostics name files as the run shows them (`Content/…` from the site folder): a cache
    /// made from another working directory is not used.
    package var displayPrefix: String
    /// The program that read them: another version may read the same files differently.
    package var tool = BuildTool.digest
    /// By folder name under `posts/`.
    package var posts: [String: Entry<Post>] = [:]
    /// By file name under `users/`.
    package var users: [String: Entry<User>] = [:]

    /// The status and identity of each dependency now, relative to `identities.root`; nil
    /// when one is missing or cannot be read. An identity in `known` (a record's dependencies
    /// as an earlier build found them) is taken for a file whose status is the same.
    package static func dependencies(_ paths: [String], identities: FileIdentities, known: [Dependency] = []) -> [Dependency]? {
        var result: [Dependency] = []
        result.reserveCapacity(paths.count)
        for path in paths {
            guard let status = FileSystem.status(of: path.isEmpty ? identities.root : identities.root + "/" + path) else { return nil }
            let earlier = known.first { $0.path == path && $0.status == status }
            guard let identity = earlier?.identity ?? identities.of(path, status: status) else { return nil }
            result.append(Dependency(path: path, status: status, identity: identity))
        }
        return result
    }

    /// The dependencies with their statuses now when every one still has the status or the
    /// identity it had; nil when one changed.
    package static func current(_ dependencies: [Dependency], identities: FileIdentities) -> [Dependency]? {
        var refreshed: [Dependency]?
        for (index, dependency) in dependencies.enumerated() {
            guard let status = FileSystem.status(of: identities.root + "/" + dependency.path) else { return nil }
            if status == dependency.status { continue }
            guard identities.of(dependency.path, status: status) == dependency.identity else { return nil }
            if refreshed == nil { refreshed = dependencies }
            refreshed?[index] = Dependency(path: dependency.path, status: status, identity: dependency.identity)
        }
        return refreshed ?? dependencies
    }

    /// Forgets the statuses of files changed within the racy window before the build: such a
    /// file could change again without its times moving, so the next build compares its
    /// identity instead.
    package func keepingOnlyStable(before limit: Int64) -> RecordCache {
        func stable(_ dependencies: [Dependency]) -> [Dependency] {
            dependencies.map { Dependency(path: $0.path, status: Self.kept($0.status, changedBefore: limit), identity: $0.identity) }
        }
        func stable<Record>(_ entry: Entry<Record>) -> Entry<Record> {
            Entry(dependencies: stable(entry.dependencies), record: entry.record, warnings: entry.warnings)
        }
        var copy = self
        copy.posts = posts.mapValues(stable)
        copy.users = users.mapValues(stable)
        return copy
    }

    /// Whether `other` holds the same records read from files with the same statuses and
    /// identities: a record is read again only when one moved, so equal dependencies mean equal
    /// records, and the file need not be written again.
    package func hasSameEntries(as other: RecordCache) -> Bool {
        func same<Record>(_ mine: [String: Entry<Record>], _ theirs: [String: Entry<Record>]) -> Bool {
            mine.count == theirs.count && mine.allSatisfy { theirs[$0.key]?.dependencies == $0.value.dependencies }
        }
        return displayPrefix == other.displayPrefix && tool == other.tool && same(users, other.users) && same(posts, other.posts)
    }

    // MARK: Encoding

    package func encoded() -> [UInt8] {
        var writer = RecordWriter(bytes: ByteWriter())
        encode(into: &writer)
        return writer.bytes.bytes
    }

    /// Writes the cache to `path` (replacing it atomically) without holding it whole.
    package func write(to path: String) throws(FileSystem.Failure) {
        try StreamedFile.create(path) { bytes in
            var writer = RecordWriter(bytes: bytes)
            encode(into: &writer)
            bytes = writer.bytes
        }
    }

    private func encode(into writer: inout RecordWriter) {
        writer.bytes.raw(Self.magic)
        writer.bytes.string(displayPrefix)
        writer.bytes.digest(tool)
        writer.bytes.number(users.count)
        for (name, entry) in users.sorted(by: { $0.key < $1.key }) {
            writer.bytes.string(name)
            writer.entry(entry) { writer, user in writer.user(user) }
        }
        writer.bytes.number(posts.count)
        for (name, entry) in posts.sorted(by: { $0.key < $1.key }) {
            writer.bytes.string(name)
            writer.entry(entry) { writer, post in writer.post(post) }
            writer.bytes.flushIfFull()
        }
    }

    /// The cache kept in `path`, nil when there is none, it is damaged, or another build of the
    /// tool wrote it. Its header is read first, so that a cache the tool cannot use (each new
    /// version meets one) is not decoded: at 200,000 posts that held 198 MB of records at the
    /// peak of a build, only to be dropped.
    package static func read(from path: String) -> RecordCache? {
        if let (head, size) = try? FileSystem.readPrefix(path, limit: 4096), size > head.count,
            let tool = try? writingTool(of: head), tool != BuildTool.digest
        {
            return nil
        }
        return (try? FileSystem.readBytes(path)).flatMap { try? decode($0) }
    }

    /// The tool digest in a cache's header.
    private static func writingTool(of bytes: [UInt8]) throws(ByteReader.Malformed) -> Digest {
        var reader = ByteReader(bytes)
        guard Array(try reader.slice(magic.count)) == magic else { throw ByteReader.Malformed() }
        _ = try reader.string()
        return try reader.digest()
    }

    package static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> RecordCache {
        var reader = RecordReaderState(ByteReader(bytes))
        guard Array(try reader.bytes.slice(magic.count)) == magic else { throw ByteReader.Malformed() }
        var cache = RecordCache(displayPrefix: try reader.bytes.string())
        cache.tool = try reader.bytes.digest()
        for _ in 0..<(try reader.bytes.count()) {
            let name = try reader.bytes.string()
            cache.users[name] = try reader.entry { reader throws(ByteReader.Malformed) in try reader.user() }
        }
        for _ in 0..<(try reader.bytes.count()) {
            let name = try reader.bytes.string()
            cache.posts[name] = try reader.entry { reader throws(ByteReader.Malformed) in try reader.post() }
        }
        guard reader.bytes.isAtEnd else { throw ByteReader.Malformed() }
        return cache
    }
}

/// Writes records; a location's path equal to the previous one is written as a single 0, since
/// every comment of a file names the same file.
private struct RecordWriter {
    var bytes: ByteWriter
    private var previousPath = ""

    init(bytes: ByteWriter) {
        self.bytes = bytes
    }

    package mutating func entry<Record>(_ entry: RecordCache.Entry<Record>, record: (inout RecordWriter, Record) -> Void) {
        bytes.number(entry.dependencies.count)
        for dependency in entry.dependencies {
            bytes.string(dependency.path)
            bytes.status(dependency.status)
            bytes.digest(dependency.identity)
        }
        record(&self, entry.record)
        bytes.number(entry.warnings.count)
        for warning in entry.warnings {
            bytes.string(warning.code.rawValue)
            bytes.string(warning.stage.rawValue)
            location(warning.location)
            bytes.string(warning.message)
        }
    }

    package mutating func location(_ location: SourceLocation) {
        if location.path == previousPath {
            bytes.number(0)
        } else {
            bytes.number(1)
            bytes.string(location.path)
            previousPath = location.path
        }
        bytes.number(location.line ?? 0)
        bytes.number(location.column ?? 0)
    }

    mutating func optional(_ text: String?) {
        guard let text else { return bytes.number(0) }
        bytes.number(1)
        bytes.string(text)
    }

    package mutating func reference(_ reference: UserReference) {
        bytes.string(reference.username)
        location(reference.location)
    }

    package mutating func asset(_ asset: ContentAsset?) {
        guard let asset else { return bytes.number(0) }
        bytes.number(1)
        bytes.string(asset.relativePath)
        bytes.string(asset.fileName)
        bytes.number(asset.byteCount)
        bytes.number(asset.pixelSize.width)
        bytes.number(asset.pixelSize.height)
        bytes.string(asset.mediaType)
        bytes.number(asset.identity == nil ? 0 : 1)
        if let identity = asset.identity { bytes.digest(identity) }
    }

    package mutating func user(_ user: User) {
        bytes.string(user.username)
        optional(user.name)
        optional(user.bio)
        optional(user.url)
        asset(user.avatar)
        bytes.number(user.follows.count)
        for follow in user.follows { reference(follow) }
        location(user.source)
        extra(user.extra)
    }

    private mutating func extra(_ value: ExtraValue?) {
        guard let value else { return bytes.number(0) }
        bytes.number(1)
        value.encode(into: &bytes)
    }

    package mutating func post(_ post: Post) {
        bytes.string(post.id.rawValue)
        reference(post.author)
        bytes.number(post.photos.count)
        for photo in post.photos {
            asset(photo.asset)
            optional(photo.alt)
        }
        bytes.number(post.date == nil ? 0 : 1)
        bytes.number(Int(post.date ?? 0))
        optional(post.caption)
        location(post.source)
        extra(post.extra)
        bytes.number(post.comments.count)
        for comment in post.comments {
            bytes.string(comment.id.rawValue)
            reference(comment.author)
            bytes.string(comment.text)
            location(comment.source)
        }
        bytes.number(post.likes.count)
        for like in post.likes {
            bytes.string(like.id.rawValue)
            reference(like.author)
            location(like.source)
        }
    }
}

private struct RecordReaderState {
    var bytes: ByteReader
    private var previousPath = ""

    init(_ bytes: ByteReader) {
        self.bytes = bytes
    }

    package mutating func entry<Record>(
        _ record: (inout RecordReaderState) throws(ByteReader.Malformed) -> Record
    ) throws(ByteReader.Malformed) -> RecordCache.Entry<Record> {
        var dependencies: [RecordCache.Dependency] = []
        for _ in 0..<(try bytes.count(limit: 1 << 16)) {
            let path = try bytes.string()
            let status = try bytes.status()
            dependencies.append(RecordCache.Dependency(path: path, status: status, identity: try bytes.digest()))
        }
        let value = try record(&self)
        var warnings: [Diagnostic] = []
        for _ in 0..<(try bytes.count()) {
            guard let code = DiagnosticCode(rawValue: try bytes.string()), let stage = BuildStage(rawValue: try bytes.string()) else {
                throw ByteReader.Malformed()
            }
            let place = try location()
            warnings.append(.warning(code, stage: stage, at: place, try bytes.string()))
        }
        return RecordCache.Entry(dependencies: dependencies, record: value, warnings: warnings)
    }

    package mutating func location() throws(ByteReader.Malformed) -> SourceLocation {
        if try bytes.number() == 1 { previousPath = try bytes.string() }
        let line = try bytes.count()
        let column = try bytes.count()
        return SourceLocation(path: previousPath, line: line == 0 ? nil : line, column: column == 0 ? nil : column)
    }

    mutating func optional() throws(ByteReader.Malformed) -> String? {
        try bytes.number() == 1 ? try bytes.string() : nil
    }

    package mutating func id() throws(ByteReader.Malformed) -> ContentID {
        guard let id = ContentID(try bytes.string()) else { throw ByteReader.Malformed() }
        return id
    }

    package mutating func reference() throws(ByteReader.Malformed) -> UserReference {
        let username = try bytes.string()
        return UserReference(username: username, location: try location())
    }

    package mutating func asset() throws(ByteReader.Malformed) -> ContentAsset? {
        guard try bytes.number() == 1 else { return nil }
        let relativePath = try bytes.string()
        let fileName = try bytes.string()
        let byteCount = try bytes.count(limit: Int.max)
        let width = try bytes.count()
        let height = try bytes.count()
        let mediaType = try bytes.string()
        var asset = ContentAsset(
            relativePath: relativePath, fileName: fileName, byteCount: byteCount, pixelSize: PixelSize(width: width, height: height), mediaType: mediaType)
        asset.identity = try bytes.count(limit: 1) == 1 ? try bytes.digest() : nil
        return asset
    }

    package mutating func user() throws(ByteReader.Malformed) -> User {
        let username = try bytes.string()
        let name = try optional()
        let bio = try optional()
        let url = try optional()
        let avatar = try asset()
        var follows: [UserReference] = []
        for _ in 0..<(try bytes.count()) { follows.append(try reference()) }
        var user = User(username: username, name: name, bio: bio, url: url, avatar: avatar, follows: follows, source: try location())
        user.extra = try extra()
        return user
    }

    mutating func extra() throws(ByteReader.Malformed) -> ExtraValue? {
        try bytes.number() == 1 ? try ExtraValue.decode(from: &bytes) : nil
    }

    package mutating func post() throws(ByteReader.Malformed) -> Post {
        let id = try id()
        let author = try reference()
        let photoCount = try bytes.count()
        guard (1...PostPhoto.limit).contains(photoCount) else { throw ByteReader.Malformed() }
        var photos: [PostPhoto] = []
        for _ in 0..<photoCount {
            guard let photo = try asset() else { throw ByteReader.Malformed() }
            photos.append(PostPhoto(asset: photo, alt: try optional()))
        }
        let hasDate = try bytes.number() == 1
        let dateValue = try bytes.signed()
        let caption = try optional()
        let source = try location()
        let extra = try extra()
        var comments: [Comment] = []
        for _ in 0..<(try bytes.count()) {
            let commentID = try self.id()
            let commentAuthor = try reference()
            let text = try bytes.string()
            comments.append(Comment(id: commentID, author: commentAuthor, text: text, source: try location()))
        }
        var likes: [Like] = []
        for _ in 0..<(try bytes.count()) {
            let likeID = try self.id()
            let likeAuthor = try reference()
            likes.append(Like(id: likeID, author: likeAuthor, source: try location()))
        }
        var post = Post(
            id: id, author: author, photos: photos, date: hasDate ? dateValue : nil, caption: caption,
            comments: comments, likes: likes, source: source)
        post.extra = extra
        return post
    }
}
