import Testing
import TimelineTestSupport

@testable import TimelineBuild

extension IncrementalBuildTests {
    @Test(
        "each album change, and each post or user change an album shows, is an edit build in a live session and in timeline build, equal to a clean build",
        arguments: [false, true])
    func albumChangesAreEditBuilds(throughSession: Bool) async throws {
        var model = SiteModel.initial()
        let posts = model.posts.map(\.id)
        // posts: 0 alice, 1 bob, 2 carol, 3 alice, 4 bob; alice follows bob, bob follows alice and carol.
        model.albums = [
            SiteModel.Album(owner: "alice", slug: "trip", title: "Trip", posts: [posts[3], posts[1]]),
            SiteModel.Album(owner: "carol", slug: "solo", title: "Solo", posts: [posts[2]]),
        ]
        func album(_ model: inout SiteModel, _ owner: String, _ slug: String, _ change: (inout SiteModel.Album) -> Void) {
            if let index = model.albums.firstIndex(where: { $0.owner == owner && $0.slug == slug }) { change(&model.albums[index]) }
        }
        let changes: [(inout SiteModel) -> String] = [
            { model in
                album(&model, "alice", "trip") { $0.title = "Trip to the sea" }
                return "an album retitled"
            },
            { model in
                album(&model, "alice", "trip") { $0.description = "With @bob, #sunset and **light**." }
                return "a description with a mention and a hashtag"
            },
            { model in
                album(&model, "alice", "trip") { $0.posts.insert(posts[4], at: 1) }
                return "a followed user's post added"
            },
            { model in
                album(&model, "alice", "trip") { $0.posts.reverse() }
                return "the album reordered"
            },
            { model in
                album(&model, "alice", "trip") { $0.cover = posts[1] }
                return "a cover chosen"
            },
            { model in
                model.takeOutOfAlbums { $0.slug == "trip" && $1 == posts[1] }
                return "the cover taken out of the album"
            },
            { model in
                model.albums.append(SiteModel.Album(owner: "bob", slug: "friends", title: "Friends", posts: [posts[0], posts[4]]))
                return "a new album, its owner's first"
            },
            { model in
                model.posts.removeAll { $0.id == posts[2] }
                model.takeOutOfAlbums { $1 == posts[2] }
                return "the only post of an album deleted, and the album with it"
            },
            { model in
                if let index = model.posts.firstIndex(where: { $0.id == posts[4] }) { model.posts[index].caption += " #harbour" }
                return "a caption of a post in two albums edited"
            },
            { model in
                if let index = model.posts.firstIndex(where: { $0.id == posts[0] }) { model.posts[index].photo = 1 - model.posts[index].photo }
                return "the photo of an album's cover changed"
            },
            { model in
                model.updateUser("alice") { $0.name = "Alice Again" }
                return "an album owner's name changed"
            },
            { model in
                model.updateUser("alice") { $0.follows.removeAll { $0 == "bob" } }
                let theirs = Set(model.posts.filter { $0.author == "bob" }.map(\.id))
                model.takeOutOfAlbums { $0.owner == "alice" && theirs.contains($1) }
                return "the owner unfollows a user whose posts their album holds"
            },
            { model in
                model.changeUsername("bob", to: "robert")
                return "an album owner renamed, their albums folder moved"
            },
            { model in
                model.albums.removeAll { $0.slug == "trip" }
                return "an album deleted"
            },
        ]
        try await Self.expectEditBuilds(from: model, throughSession: throughSession, processImages: true, changes)
    }
}
