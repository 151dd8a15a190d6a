import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineOutput
@testable import TimelineSite

/// The property of incremental builds: after any sequence of edits, the output of an
/// incremental build is byte-identical to a clean build of the same input, and every file whose
/// bytes did not change was left alone (same inode, same modification time).
@Suite("Incremental builds")
struct IncrementalBuildTests {
    static let sequenceCount = IncrementalProperty.sequenceCount
    static let stepsPerSequence = 10

    @Test("random edit sequences: incremental output equals a clean build after every step")
    func randomEditSequences() async throws {
        var editBuilds = 0
        for seed in 1...UInt64(Self.sequenceCount) {
            editBuilds += try await runSequence(seed: seed)
        }
        // timeline build applies a post's edit as the session does, from the state it kept.
        #expect(editBuilds > Self.sequenceCount, "the command line built most post edits as edits")
    }

    @Test("random edit sequences through a live session (as timeline serve builds): edit builds equal a clean build after every step")
    func randomEditSequencesInASession() async throws {
        var editBuilds = 0
        for seed in 1...UInt64(Self.sequenceCount) {
            editBuilds += try await runSequence(seed: seed, throughSession: true)
        }
        #expect(editBuilds > Self.sequenceCount, "the session built most post edits as edits")
    }

    @Test(
        "random edit sequences with a site's own templates that show counts, follower counts and like counts anywhere: edit builds equal a clean build",
        arguments: [false, true])
    func randomEditSequencesWithGeneratedThemes(throughSession: Bool) async throws {
        var editBuilds = 0
        for seed in 1...UInt64(Self.sequenceCount) {
            editBuilds += try await runSequence(seed: seed + 1_000, throughSession: throughSession, generatedTheme: true)
        }
        #expect(editBuilds > Self.sequenceCount, "most edits were edit builds")
    }

    /// Returns how many builds were edit builds. With `generatedTheme`, the site has templates
    /// of its own (`GeneratedTheme`).
    @discardableResult
    private func runSequence(seed: UInt64, throughSession: Bool = false, generatedTheme: Bool = false) async throws -> Int {
        var random = SplitMix(seed: seed)
        var model = SiteModel.initial()
        if generatedTheme { model.theme = GeneratedTheme.random(using: &random) }
        // Odd sequences start with compressed copies, so that edit builds keep them in step too.
        model.precompress = seed % 2 == 1
        let fixture = try SiteFixture()
        // Even seeds trust every input at once, so that the up-to-date check and the record cache
        // (which otherwise distrust files edited in the last second) are exercised on every step.
        var options = fixture.options()
        if seed % 2 == 0 { options.racyWindowNanoseconds = 0 }
        // Every third sequence swaps each build in whole (--atomic).
        options.atomic = seed % 3 == 0
        try model.sync(to: fixture.root)
        let session = BuildSession(options: options)
        func build(changes: [String]) async throws(BuildFailure) -> BuildReport {
            throughSession ? try await session.build(changes: changes) : try await SiteBuilder.build(options)
        }
        _ = try await build(changes: [])
        var editBuilds = 0

        for step in 1...Self.stepsPerSequence {
            let before = try OutputFileRecord.scan(fixture.output)
            // Mostly the edits of someone writing: captions, comments, likes, profiles and follows.
            let edit = model.randomEdit(using: &random, editBuildsOnly: random.next() % 3 != 0)
            let previousModel = model
            edit.apply(to: &model)
            let changes = try model.sync(to: fixture.root)
            let context = "seed \(seed), step \(step)\(throughSession ? " (session)" : "")\(generatedTheme ? " (\(model.theme))" : ""): \(edit)"

            if edit.breaksTheSite {
                let diagnostics: [Diagnostic]
                do {
                    _ = try await build(changes: changes)
                    diagnostics = []
                } catch {
                    diagnostics = error.diagnostics
                }
                #expect(!diagnostics.isEmpty, "\(context) should fail")
                #expect(try OutputFileRecord.scan(fixture.output) == before, "\(context): a failed build changed the output")
                model = previousModel
                try model.sync(to: fixture.root)
                continue
            }

            let folderBefore = FileSystem.status(of: fixture.output)?.inode
            let report = try await build(changes: changes)
            if report.files.mode == .edit { editBuilds += 1 }
            if options.atomic, report.files.written + report.files.deleted > 0 {
                #expect(FileSystem.status(of: fixture.output)?.inode != folderBefore, "\(context): an atomic build changed files in place")
            }
            try await IncrementalProperty.expectSameAsClean(fixture, report: report, context: context)
            try IncrementalProperty.expectOnlyChangesWritten(in: fixture.output, before: before, report: report, context: context)
        }
        return editBuilds
    }

    @Test("a comment rewrites only the pages and feeds that show it")
    func commentTouchesFewFiles() async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        let first = try await fixture.build()
        model.posts[0].comments.append(SiteModel.Comment(id: "-KZ000000000000000zz", author: "bob", text: "Nice one"))
        try model.sync(to: fixture.root)
        let second = try await fixture.build()
        #expect(second.files.mode == .edit)
        #expect(second.files.written > 0)
        #expect(second.files.written * 5 < first.files.written, "\(second.files) of \(first.files.written)")
        // Only search files go: their names are digests of their bytes (a chunk, a card folder, the manifest).
        #expect(second.files.deleted <= 8)
    }

    @Test(
        "a new post is an edit build, in a live session and in timeline build, with photos processed or published as they are, and equals a clean build",
        arguments: [false, true], [true, false])
    func newPostIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        // Page size 2: the second and fourth posts add an archive page to the home list.
        let changes = ["alice", "carol", "bob", "alice"].enumerated().map { round, author in
            { (model: inout SiteModel) in
                model.posts.append(SiteModel.Post(id: model.nextID(), author: author, caption: "New #sunset \(round)", alt: "New \(round)", photo: round % 2))
                return "a post by \(author)"
            }
        }
        try await Self.expectEditBuilds(from: SiteModel.initial(), throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "several new posts at once are an edit build, in a live session and in timeline build, and equal a clean build",
        arguments: [false, true], [true, false])
    func severalNewPostsAreAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        // Page size 2: ten posts add five archive pages to the home list and shift every page.
        let changes = [10, 3].map { count in
            { (model: inout SiteModel) in
                for number in 0..<count {
                    let author = ["alice", "bob", "carol"][number % 3]
                    let caption = number % 2 == 0 ? "Batch #sunset \(number)" : "Batch #harbour \(number) @alice"
                    model.posts.append(SiteModel.Post(id: model.nextID(), author: author, caption: caption, alt: "Batch \(number)", photo: number % 2))
                }
                return "\(count) new posts"
            }
        }
        try await Self.expectEditBuilds(from: SiteModel.initial(), throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "a new video post is an edit build, in a live session and in timeline build, alone or with photo posts, and equals a clean build",
        arguments: [false, true], [true, false])
    func newVideoPostIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        let changes = [1, 3].map { count in
            { (model: inout SiteModel) in
                for number in 0..<count {
                    var post = SiteModel.Post(
                        id: model.nextID(), author: ["bob", "alice"][number % 2], caption: "Clip #sunset \(number)", alt: "A clip", photo: 0)
                    post.isVideo = number == 0
                    model.posts.append(post)
                }
                return "\(count) new posts, the first a video"
            }
        }
        try await Self.expectEditBuilds(from: SiteModel.initial(), throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "a post's photos changed are an edit build, in a live session and in timeline build: a photo replaced, added, reordered, its alt text, removed",
        arguments: [false, true], [true, false])
    func changedPhotosAreAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        let id = SiteModel.initial().posts[1].id
        let edits: [(String, (inout SiteModel.Post) -> Void)] = [
            ("its photo replaced by other bytes", { $0.photo = 1 - $0.photo }),
            ("a photo added", { $0.morePhotos.append(SiteModel.Photo(name: "second.jpg", sample: 0, alt: "A second photo")) }),
            ("its photos reordered", { $0.photoLast.toggle() }),
            ("its second photo's alt text changed", { $0.morePhotos[0].alt = "Other alt text" }),
            (
                "its second photo removed",
                { post in
                    post.morePhotos.removeAll()
                    post.photoLast = false
                }
            ),
        ]
        let changes = edits.map { description, edit in
            { (model: inout SiteModel) in
                if let index = model.posts.firstIndex(where: { $0.id == id }) { edit(&model.posts[index]) }
                return "post \(id): \(description)"
            }
        }
        try await Self.expectEditBuilds(from: SiteModel.initial(), throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "a deleted user without posts, comments or likes is an edit build, in a live session and in timeline build: with an avatar, followers and follows or not",
        arguments: [false, true], [true, false])
    func deletedUserIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        var model = SiteModel.initial()
        model.users += [
            SiteModel.User(username: "Aaron", name: nil, bio: nil, follows: []),
            SiteModel.User(
                username: "dave", name: "Dave", bio: "Here *briefly*.", follows: ["alice", "carol"], avatar: SiteModel.Avatar(sample: 1, name: "dave.jpg")),
            SiteModel.User(username: "zed", name: "Zed", bio: nil, follows: ["bob"]),
        ]
        for (index, follows) in [("alice", "dave"), ("bob", "dave"), ("carol", "zed")] {
            if let user = model.users.firstIndex(where: { $0.username == index }) { model.users[user].follows.append(follows) }
        }
        let changes = ["dave", "zed", "Aaron"].map { username in
            { (model: inout SiteModel) in
                model.users.removeAll { $0.username == username }
                for index in model.users.indices { model.users[index].follows.removeAll { $0 == username } }
                return "user \(username) deleted"
            }
        }
        try await Self.expectEditBuilds(from: model, throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "a renamed user is an edit build, in a live session and in timeline build: with posts, comments, likes, followers and an avatar, moving later, earlier, or by case only",
        arguments: [false, true], [true, false])
    func renamedUserIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        var model = SiteModel.initial()
        model.updateUser("carol") { $0.avatar = SiteModel.Avatar(sample: 1, name: "carol.jpg") }
        model.users.append(SiteModel.User(username: "dave", name: "Dave", bio: nil, follows: ["carol"]))
        let changes = [("carol", "zora"), ("bob", "abe"), ("zora", "Zora"), ("abe", "bobby")].map { old, new in
            { (model: inout SiteModel) in
                model.changeUsername(old, to: new)
                return "\(old) renamed \(new)"
            }
        }
        try await Self.expectEditBuilds(from: model, throughSession: throughSession, processImages: processImages, changes)
    }

    @Test("a rename that rewrites more than 64 files (a like on each of 70 posts) is an edit build of timeline build, equal to a clean build")
    func renameOfManyFilesIsAnEditBuild() async throws {
        var model = SiteModel.initial()
        for round in 0..<70 {
            var post = SiteModel.Post(id: model.nextID(), author: "alice", caption: "Liked \(round)", alt: "Liked \(round)", photo: round % 2)
            post.likes.append(SiteModel.Like(id: model.nextID(), author: "bob"))
            model.posts.append(post)
        }
        let change = { (model: inout SiteModel) in
            model.changeUsername("bob", to: "robert")
            return "bob renamed robert"
        }
        try await Self.expectEditBuilds(from: model, throughSession: false, processImages: false, [change])
    }

    @Test("an edit build whose pages read what they read before keeps the reads file as it was; one whose pages read otherwise writes it")
    func unchangedReadsAreKept() async throws {
        var model = SiteModel.initial()
        model.processImages = false
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        let options = fixture.options()
        _ = try await SiteBuilder.build(options)
        let reads = BuildStateFolder(options: options).readsFile
        let before = try #require(FileSystem.status(of: reads)).inode
        model.posts[0].comments[0].text = "Lovely, edited"
        try model.sync(to: fixture.root)
        let edited = try await SiteBuilder.build(options)
        #expect(edited.files.mode == .edit && edited.files.written > 0, "\(edited.files)")
        #expect(FileSystem.status(of: reads)?.inode == before)
        try await IncrementalProperty.expectSameAsClean(fixture, report: edited, context: "a comment edited")
        model.posts.append(SiteModel.Post(id: model.nextID(), author: "bob", caption: "New #harbour", alt: "New", photo: 0))
        try model.sync(to: fixture.root)
        let added = try await SiteBuilder.build(options)
        #expect(added.files.mode == .edit, "\(added.files)")
        #expect(FileSystem.status(of: reads).map { $0.inode != before } == true)
        try await IncrementalProperty.expectSameAsClean(fixture, report: added, context: "a new post")
    }

    @Test(
        "a deleted post is an edit build, in a live session and in timeline build, newest, oldest or between, and equals a clean build",
        arguments: [false, true], [true, false])
    func deletedPostIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        var model = SiteModel.initial()
        for (round, author) in ["carol", "bob", "alice", "carol"].enumerated() {
            model.posts.append(SiteModel.Post(id: model.nextID(), author: author, caption: "More #sunset \(round)", alt: "More \(round)", photo: round % 2))
        }
        // Oldest first in the model: the newest, a tagged one between, the oldest, one between.
        let changes = [8, 6, 0, 2].map { position in
            { (model: inout SiteModel) in
                let id = model.posts[min(position, model.posts.count - 1)].id
                model.posts.removeAll { $0.id == id }
                return "post \(id) deleted"
            }
        }
        try await Self.expectEditBuilds(from: model, throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "a changed avatar is an edit build, in a live session and in timeline build: added, its bytes changed, another file, removed",
        arguments: [false, true], [true, false])
    func avatarChangeIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        let change = { (model: inout SiteModel) in
            model.updateUser("bob") { $0.avatar = SiteModel.Avatar.next(after: $0.avatar, of: $0.username) }
            return "bob's avatar \(model.users.first { $0.username == "bob" }?.avatar.map { "\($0.name), \($0.sample)" } ?? "removed")"
        }
        try await Self.expectEditBuilds(
            from: SiteModel.initial(), throughSession: throughSession, processImages: processImages, Array(repeating: change, count: 4))
    }

    @Test(
        "a new user is an edit build, in a live session and in timeline build: first, last or between by username, with follows and an avatar or not",
        arguments: [false, true], [true, false])
    func newUserIsAnEditBuild(throughSession: Bool, processImages: Bool) async throws {
        let newUsers = [
            SiteModel.User(username: "dave", name: "Dave", bio: "New *here*.", follows: ["alice"]),
            SiteModel.User(username: "Aaron", name: nil, bio: nil, follows: ["bob", "carol"], avatar: SiteModel.Avatar(sample: 1, name: "aaron.jpg")),
            SiteModel.User(username: "bea", name: "Bea", bio: nil, follows: []),
        ]
        let changes = newUsers.map { user in
            { (model: inout SiteModel) in
                model.users.append(user)
                return "new user \(user.username)"
            }
        }
        try await Self.expectEditBuilds(from: SiteModel.initial(), throughSession: throughSession, processImages: processImages, changes)
    }

    @Test(
        "with a site's own templates that show counts on every page, new and deleted posts, new users, follows and likes are edit builds equal to a clean build",
        arguments: [false, true])
    func countsOnEveryPage(throughSession: Bool) async throws {
        var model = SiteModel.initial()
        // The built-in home page shows the site's counts on its front page only; these show them everywhere.
        model.theme.additions = [
            "home.mustache": "<p>{{site.postCount}} {{site.usersLabel}}</p>",
            "tag.mustache": "<p>{{site.postsLabel}} {{tag.postCount}}</p>",
            "partials/user-row.mustache": "<i>{{followerCount}} {{followingCount}}</i>\n",
            "partials/post-card.mustache": "<i>{{author.postCount}} {{author.followerCount}} {{likeCount}}</i>\n",
        ]
        let changes: [(inout SiteModel) -> String] = [
            { model in
                model.posts.append(SiteModel.Post(id: model.nextID(), author: "carol", caption: "New #sunset", alt: "New", photo: 0))
                return "a post by carol"
            },
            { model in
                model.users.append(SiteModel.User(username: "dave", name: "Dave", bio: nil, follows: ["alice"]))
                return "new user dave"
            },
            { model in
                model.updateUser("carol") { $0.follows.append("bob") }
                return "carol follows bob"
            },
            { model in
                let id = model.posts[1].id
                model.posts[1].likes.append(SiteModel.Like(id: model.nextID(), author: "alice"))
                return "alice likes \(id)"
            },
            { model in
                let id = model.posts[model.posts.count - 1].id
                model.posts.removeLast()
                return "post \(id) deleted"
            },
        ]
        try await Self.expectEditBuilds(from: model, throughSession: throughSession, processImages: false, changes)
    }

    /// Builds `model`'s site, then makes each change (which says what it did) and builds again,
    /// through a live session or through `timeline build`: each must be an edit build whose
    /// output, page count and image count are a clean build's.
    static func expectEditBuilds(
        from model: SiteModel, throughSession: Bool, processImages: Bool, _ changes: [(inout SiteModel) -> String]
    ) async throws {
        var model = model
        model.processImages = processImages
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        let options = fixture.options()
        let session = BuildSession(options: options)
        func build(changes: [String]) async throws(BuildFailure) -> BuildReport {
            throughSession ? try await session.build(changes: changes) : try await SiteBuilder.build(options)
        }
        _ = try await build(changes: [])
        for (round, change) in changes.enumerated() {
            let done = change(&model)
            let report = try await build(changes: try model.sync(to: fixture.root))
            let context = "round \(round), \(done)\(throughSession ? " (session)" : "")\(processImages ? "" : " (unprocessed)")"
            try await expectEditBuildAsClean(fixture, report: report, postCount: model.posts.count, context: context)
        }
    }

    /// That `report` is an edit build's whose output, page count and image count are a clean build's.
    private static func expectEditBuildAsClean(_ fixture: SiteFixture, report: BuildReport, postCount: Int, context: String) async throws {
        #expect(report.files.mode == .edit, "\(context): \(report.files)")
        #expect(report.postCount == postCount, "\(context)")
        try await IncrementalProperty.expectSameAsClean(fixture, report: report, context: context)
        var cleanOptions = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/CleanOutput", cache: fixture.root + "/.clean-cache")
        cleanOptions.clean = true
        let clean = try await SiteBuilder.build(cleanOptions)
        #expect(
            clean.pageCount == report.pageCount && clean.images.images == report.images.images,
            "\(context): \(clean.pageCount) \(report.pageCount) \(clean.images) \(report.images)")
    }

    @Test("edit builds start from the site index the last build kept; without it, or damaged, or another site's, the build is a whole pass")
    func siteIndex() async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        _ = try await fixture.build()
        let state = BuildStateFolder(options: fixture.options())
        #expect(FileSystem.kind(of: state.siteIndexFile) == .file)
        #expect(FileSystem.kind(of: state.pendingSiteIndexFile) == .missing)

        // Two edits in a row: the second starts from the index the first wrote.
        for round in 0..<2 {
            model.posts[0].comments.append(SiteModel.Comment(id: "-KZ00000000000000\(round)zz", author: "bob", text: "Round \(round)"))
            try model.sync(to: fixture.root)
            let report = try await fixture.build()
            #expect(report.files.mode == .edit, "round \(round)")
            try await IncrementalProperty.expectSameAsClean(fixture, report: report, context: "round \(round)")
        }

        let damages: [(String, ([UInt8]) -> [UInt8]?)] = [
            ("missing", { _ in nil }),
            ("cut short", { Array($0.prefix($0.count / 2)) }),
            (
                "one byte changed in a post",
                { bytes in
                    var changed = bytes
                    changed[bytes.count * 2 / 5] ^= 0x5A
                    return changed
                }
            ),
        ]
        for (damage, change) in damages {
            let kept = try FileSystem.readBytes(state.siteIndexFile)
            if let changed = change(kept) {
                try FileSystem.writeFile(state.siteIndexFile, bytes: changed)
            } else {
                try FileSystem.removeFileIfPresent(state.siteIndexFile)
            }
            model.posts[1].comments.append(SiteModel.Comment(id: "-KZ0000000000000\(damage.count)zz", author: "carol", text: "After \(damage)"))
            try model.sync(to: fixture.root)
            let report = try await fixture.build()
            #expect(report.files.mode != .edit, "\(damage)")
            try await IncrementalProperty.expectSameAsClean(fixture, report: report, context: damage)
            #expect(FileSystem.kind(of: state.siteIndexFile) == .file, "a whole pass keeps a new index")
        }
    }

    @Test("a no-op build writes nothing and, with inputs older than the racy window, reads nothing; --clean rewrites everything")
    func noOpAndClean() async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        var options = fixture.options()
        options.racyWindowNanoseconds = 0
        let first = try await SiteBuilder.build(options)
        let again = try await SiteBuilder.build(options)
        #expect(again.files.mode == .upToDate)
        #expect(again.files.written == 0 && again.files.deleted == 0)
        #expect(again.files.unchanged == first.files.written)
        #expect(again.warnings == first.warnings)

        model.posts[1].caption += " and more"
        try model.sync(to: fixture.root)
        let edited = try await SiteBuilder.build(options)
        #expect(edited.files.mode == .edit && edited.files.written > 0)

        // With the default racy window, a build right after an edit keeps no status of the files
        // changed within it, so the next build compares those files' identities (their bytes)
        // and finds nothing to do.
        model.posts[1].caption += " again"
        try model.sync(to: fixture.root)
        _ = try await fixture.build()
        let racy = try await fixture.build()
        #expect(racy.files.mode == .upToDate && racy.files.written == 0)

        var cleanOptions = fixture.options()
        cleanOptions.clean = true
        let clean = try await SiteBuilder.build(cleanOptions)
        #expect(clean.files.mode == .clean && clean.files.written == first.files.written)
    }

    @Test("a build killed while committing is finished by the next one")
    func journalReplay() async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        _ = try await fixture.build()
        model.settingsTitle = "Renamed"
        try model.sync(to: fixture.root)

        // Stage the changes and write the journal as a build would, then stop before applying it,
        // as a kill would.
        let state = BuildStateFolder(cacheRoot: fixture.root + "/.timeline-cache", outputRoot: fixture.output)
        let manifest = try BuildManifest.decode(try FileSystem.readBytes(state.manifestFile))
        let pending = try StagedOutput.pending(outputRoot: fixture.output)
        try pending.write("index.html", bytes: Array("half-applied".utf8))
        try FileSystem.writeFile(state.nextManifestFile, bytes: BuildManifest(tool: manifest.tool, entries: manifest.entries).encoded())
        try FileSystem.writeFile(state.journalFile, bytes: OutputJournal(written: ["index.html"], deleted: []).encoded())

        _ = try await fixture.build()
        var cleanOptions = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/CleanOutput", cache: fixture.root + "/.clean-cache")
        cleanOptions.clean = true
        _ = try await SiteBuilder.build(cleanOptions)
        #expect(try SiteFixture.snapshot(fixture.output) == SiteFixture.snapshot(fixture.root + "/CleanOutput"))
        #expect(FileSystem.kind(of: state.journalFile) == .missing)
        #expect(FileSystem.kind(of: StagedOutput.pendingRoot(of: fixture.output)) == .missing)
    }

    @Test("a session's edit builds leave a build state the next timeline build trusts, and an edit killed while committing is finished by it")
    func editBuildsAndTheNextBuild() async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        let session = BuildSession(options: fixture.options())
        _ = try await session.build()
        let state = BuildStateFolder(cacheRoot: fixture.root + "/.timeline-cache", outputRoot: fixture.output)
        func expectClean(_ context: String) async throws {
            var cleanOptions = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/CleanOutput", cache: fixture.root + "/.clean-cache")
            cleanOptions.clean = true
            _ = try await SiteBuilder.build(cleanOptions)
            #expect(try SiteFixture.snapshot(fixture.output) == SiteFixture.snapshot(fixture.root + "/CleanOutput"), "\(context)")
        }

        // Two edits through the session: the manifest stays, their entries go to manifest.edits.
        let manifestBefore = FileSystem.status(of: state.manifestFile)
        model.posts[0].comments.append(SiteModel.Comment(id: model.nextID(), author: "bob", text: "zebrafish"))
        var edit = try await session.build(changes: try model.sync(to: fixture.root))
        #expect(edit.files.mode == .edit && edit.files.written > 0 && edit.files.deleted > 0, "\(edit.files)")
        model.posts[1].caption += " heron"
        edit = try await session.build(changes: try model.sync(to: fixture.root))
        #expect(edit.files.mode == .edit, "\(edit.files)")
        #expect(FileSystem.status(of: state.manifestFile) == manifestBefore)
        #expect(FileSystem.kind(of: state.editsFile) == .file)
        try await expectClean("after the edits")

        // A build that starts from nothing reads the manifest with the edits over it: it finds
        // every file as recorded, writes nothing, and folds the edits into a new manifest.
        let next = try await fixture.build()
        #expect(next.files.mode == .incremental && next.files.written == 0 && next.files.deleted == 0, "\(next.files)")
        #expect(FileSystem.kind(of: state.editsFile) == .missing)

        // Another edit, killed after its journal was written: the next build replays it, then
        // builds; the page it left behind is not trusted, since its entry names a fingerprint no
        // build makes.
        let page = "p/\(model.posts[0].id)/index.html"
        let bytes = Array("half-applied edit".utf8)
        let pending = try StagedOutput.pending(outputRoot: fixture.output)
        try pending.write(page, bytes: bytes)
        try BuildManifest(tool: state.writer(BuildTool.digest), entries: [page: .init(fingerprint: .of("killed"), content: .of(bytes))]).write(
            to: state.nextEditsFile)
        try FileSystem.writeFile(state.journalFile, bytes: OutputJournal(kind: .edit, written: [page], deleted: []).encoded())
        let repaired = try await fixture.build()
        #expect(repaired.files.written == 1, "\(repaired.files)")
        #expect(FileSystem.kind(of: state.journalFile) == .missing && FileSystem.kind(of: state.editsFile) == .missing)
        try await expectClean("after the replayed edit")
    }

    @Test("a damaged manifest means a clean build, not a wrong one")
    func damagedManifest() async throws {
        let model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        _ = try await fixture.build()
        let state = BuildStateFolder(cacheRoot: fixture.root + "/.timeline-cache", outputRoot: fixture.output)
        var bytes = try FileSystem.readBytes(state.manifestFile)
        bytes.removeLast(7)
        try FileSystem.writeFile(state.manifestFile, bytes: bytes)
        let report = try await fixture.build()
        #expect(report.files.mode == .clean)
    }

    @Test("two sites sharing one cache folder keep their own build states")
    func sharedCacheFolder() async throws {
        // Two copies of one site, each with its own Output/, one cache folder. If they shared a
        // manifest, the second would take the first's edited pages for its own and skip them.
        let first = try SiteFixture()
        let second = try SiteFixture()
        var model = SiteModel.initial()
        try model.sync(to: first.root)
        try model.sync(to: second.root)
        let sharedCache = first.root + "/.shared-cache"
        func build(_ fixture: SiteFixture, output: String? = nil, clean: Bool = false) async throws {
            var options = BuildOptions(siteRoot: fixture.root, output: output ?? fixture.output, cache: sharedCache)
            options.clean = clean
            _ = try await SiteBuilder.build(options)
        }
        try await build(second)
        try await build(first)
        model.posts[0].caption += " edited"
        try model.sync(to: first.root)
        try await build(first)
        try model.sync(to: second.root)
        try await build(second)
        try await build(second, output: second.root + "/CleanOutput", clean: true)
        #expect(try SiteFixture.snapshot(second.output) == SiteFixture.snapshot(second.root + "/CleanOutput"))
    }

    @Test("the manifest and the journal read back what was written")
    func encodingRoundTrips() throws {
        let manifest = BuildManifest(
            tool: Digest.of("tool"),
            entries: [
                "a/index.html": .init(fingerprint: .of("1"), content: .of("2")),
                "a/b/index.html": .init(fingerprint: .of("3"), content: .of("4")),
                "é/ü.xml": .init(fingerprint: .of("5"), content: .of("6")),
            ])
        #expect(try BuildManifest.decode(manifest.encoded()) == manifest)
        let journal = OutputJournal(written: ["x", "y/z"], deleted: ["w"])
        #expect(try OutputJournal.decode(journal.encoded()) == journal)
        let editJournal = OutputJournal(kind: .edit, written: ["p/a/index.html"], deleted: [])
        #expect(try OutputJournal.decode(editJournal.encoded()) == editJournal)
        #expect(throws: ByteReader.Malformed.self) { try BuildManifest.decode(Array(manifest.encoded().dropLast())) }
    }

    @Test("a manifest read by path finds every entry it holds and none it does not; one out of order or cut short is not read")
    func storedManifestLookups() throws {
        var generator = SystemRandomNumberGenerator()
        var entries: [String: BuildManifest.Entry] = [:]
        for index in 0..<1_000 {
            let path = "p/\(UInt32.random(in: 0...UInt32.max, using: &generator))/\(index % 7 == 0 ? "é" : "index").html"
            entries[path] = .init(fingerprint: .of(path), content: .of("\(index)"))
        }
        let manifest = BuildManifest(tool: Digest.of("tool"), entries: entries)
        let stored = try #require(StoredManifest(bytes: manifest.encoded()))
        #expect(stored.tool == manifest.tool)
        #expect(stored.count == entries.count)
        for (path, entry) in entries {
            #expect(stored[path] == entry)
            #expect(stored[path + "x"] == nil)
            #expect(stored[String(path.dropLast())] == nil)
        }
        #expect(stored[""] == nil)
        #expect(stored["zzz"] == nil)
        var visited: [String: BuildManifest.Entry] = [:]
        stored.visitEntries { visited[$0] = $1 }
        #expect(visited == entries)

        var edited = ManifestEntries(stored: stored, edits: ["p/new.html": .init(fingerprint: .of("n"), content: .of("n"))])
        let removed = try #require(entries.keys.sorted().first)
        edited[removed] = nil
        #expect(edited.count == entries.count)
        #expect(edited[removed] == nil)
        #expect(Set(edited.paths) == Set(entries.keys).subtracting([removed]).union(["p/new.html"]))

        #expect(StoredManifest(bytes: Array(manifest.encoded().dropLast())) == nil)
        // Two entries swapped: the bytes decode, but out of order.
        var coder = StateCoder()
        try coder.header(.manifest)
        _ = try coder.digest(manifest.tool)
        _ = try coder.count(2)
        for path in ["b", "a"] {
            _ = try coder.bytes(Array(path.utf8)[...], sharingPrefixWith: [])
            _ = try coder.digest(.of(path))
            _ = try coder.digest(.of(path))
        }
        #expect(StoredManifest(bytes: coder.bytes) == nil)
    }

    @Test("a partial change reaches only the templates that include it")
    func templateDependencies() {
        let sources: [String: [UInt8]] = [
            "home": Array("{{<base}}{{$body}}{{> partials/card}}{{/body}}{{/base}}".utf8),
            "post": Array("{{< base}}{{/base}}".utf8),
            "base": Array("<html>{{$body}}{{/body}}</html>".utf8),
            "partials/card": Array("{{ > partials/avatar }}".utf8),
            "partials/avatar": Array("<img>".utf8),
        ]
        let before = TemplateDependencies(sources: sources)
        var changed = sources
        changed["partials/avatar"] = Array("<img alt>".utf8)
        let after = TemplateDependencies(sources: changed)
        #expect(before.digests["home"] != after.digests["home"])
        #expect(before.digests["post"] == after.digests["post"])
        #expect(before.digests["base"] == after.digests["base"])
    }
}
