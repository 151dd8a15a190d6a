import Testing
import TimelineModel

@testable import TimelineContent

@Suite("The content folder's layout")
struct ContentLayoutTests {
    @Test("each path is the one docs/content-format.md shows")
    func paths() throws {
        let id = try #require(ContentID("-K25Fj8qrMAtxXG3QCSn"))
        #expect(ContentLayout.topLevelEntries == ["site.json", "users", "posts"])
        #expect(ContentLayout.userFile("alice") == "users/alice.json")
        #expect(ContentLayout.fileInUsersFolder(named: "alice.jpg") == "users/alice.jpg")
        #expect(ContentLayout.postFolder(id) == "posts/-K25Fj8qrMAtxXG3QCSn")
        #expect(ContentLayout.file(.post, ofPost: id) == "posts/-K25Fj8qrMAtxXG3QCSn/post.md")
        #expect(ContentLayout.file(.comments, ofPost: id) == "posts/-K25Fj8qrMAtxXG3QCSn/comments.json")
        #expect(ContentLayout.file(.likes, in: "/site/Content/posts/x") == "/site/Content/posts/x/likes.json")
        #expect(ContentLayout.postFolderFileNames == ["post.md", "comments.json", "likes.json"])
        #expect(ContentLayout.isUserFileName("alice.json") && !ContentLayout.isUserFileName(".alice.json") && !ContentLayout.isUserFileName("alice.jpg"))
        #expect(ContentLayout.username(ofUserFileNamed: "alice.json") == "alice")
        #expect(ContentLayout.optionalTopLevelEntries == ["albums"])
        #expect(ContentLayout.albumOwnerFolder("alice") == "albums/alice")
        #expect(ContentLayout.albumFile(owner: "alice", slug: "iceland") == "albums/alice/iceland.md")
        #expect(ContentLayout.isAlbumFileName("iceland.md") && !ContentLayout.isAlbumFileName(".iceland.md") && !ContentLayout.isAlbumFileName("notes.txt"))
        #expect(ContentLayout.slug(ofAlbumFileNamed: "iceland.md") == "iceland")
    }

    @Test(
        "a content-relative path is read back as the place it names, or as none",
        arguments: [
            ("site.json", ContentLayout.Place.settingsFile),
            ("users", .usersFolder),
            ("users/alice.json", .userFile(username: "alice")),
            ("posts", .postsFolder),
            ("posts/abc", .postFolder(named: "abc")),
            ("posts/abc/post.md", .postFile(.post, inPostFolderNamed: "abc")),
            ("posts/abc/comments.json", .postFile(.comments, inPostFolderNamed: "abc")),
            ("posts/abc/likes.json", .postFile(.likes, inPostFolderNamed: "abc")),
            ("users/alice.jpg", .otherFileInUsersFolder(named: "alice.jpg")),
            ("users/.alice.json", nil),
            ("posts/abc/photo.jpg", .otherFileInPostFolder(named: "abc")),
            ("posts/abc/.post.md.swp", nil),
            ("posts/.abc/post.md", nil),
            ("albums", .albumsFolder),
            ("albums/alice", .albumOwnerFolder(named: "alice")),
            ("albums/alice/iceland.md", .fileInAlbumOwnerFolder(named: "alice", fileName: "iceland.md")),
            ("albums/alice/.iceland.md", nil),
            ("posts//post.md", nil),
            ("posts/abc/post.md/x", nil),
            ("posts/", nil),
            ("other/abc/post.md", nil),
            ("", nil),
        ] as [(String, ContentLayout.Place?)])
    func place(path: String, expected: ContentLayout.Place?) {
        #expect(ContentLayout.place(of: path) == expected)
    }
}
