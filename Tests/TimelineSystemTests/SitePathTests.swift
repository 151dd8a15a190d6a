import Foundation
import Testing
import TimelineSystem

@Suite("Platform: paths")
struct SitePathTests {
    @Test("an absolute path is lexically normal: . and .. resolved, repeated and trailing slashes dropped, never above the root")
    func absolute() {
        #expect(Path.absolute("Content", relativeTo: "/site") == "/site/Content")
        #expect(Path.absolute("./a//b/../c/", relativeTo: "/site") == "/site/a/c")
        #expect(Path.absolute("/x/y/..", relativeTo: "/site") == "/x")
        #expect(Path.absolute("../../../..", relativeTo: "/site/a") == "/")
        #expect(Path.absolute("", relativeTo: "/site") == "/site")
        #expect(Path.absolute(".", relativeTo: "/") == "/")
    }

    @Test("parent, file name, stem and extension split at the bytes / and ., beside multi-byte and combining characters")
    func pathParts() {
        #expect(Path.parent(of: "/site/Content/posts/") == "/site/Content")
        #expect(Path.parent(of: "posts//") == ".")
        #expect(Path.parent(of: "/a") == "/")
        #expect(Path.parent(of: "//") == "/")
        #expect(Path.parent(of: "/") == "/")
        #expect(Path.parent(of: "") == ".")
        #expect(Path.parent(of: "café/été.jpg") == "café")
        #expect(Path.fileName(of: "café/été.jpg") == "été.jpg")
        #expect(Path.fileName(of: "name") == "name")
        #expect(Path.fileName(of: "folder/") == "")
        // A combining mark after the separator makes one character with it, yet the system
        // splits the path there.
        #expect(Path.fileName(of: "a/\u{301}b") == "\u{301}b")
        #expect(Path.parent(of: "a/\u{301}b") == "a")
        #expect(Path.stem(of: "rocket.tar.JPG") == "rocket.tar")
        #expect(Path.fileExtension(of: "rocket.tar.JPG") == "jpg")
        #expect(Path.fileExtension(of: ".hidden") == "")
        #expect(Path.stem(of: ".hidden") == ".hidden")
        #expect(Path.fileExtension(of: "photo.\u{301}png") == "\u{301}png")
        #expect(Path.fileExtension(of: "日本.ÉTÉ") == "été")
    }

    @Test("a folder is shown relative to the current directory, as . for the directory itself, and by its absolute path outside it")
    func folderShownFromCurrentDirectory() {
        let current = FileSystem.currentDirectory
        let inside = SitePath.folder("Content", relativeTo: current)
        #expect(inside.absolute == current + "/Content")
        #expect(inside.shown == "Content/")
        #expect(SitePath.folder(".", relativeTo: current).shown == "./")
        let outside = SitePath.folder("/elsewhere/site/Output", relativeTo: current)
        #expect(outside.absolute == "/elsewhere/site/Output")
        #expect(outside.shown == "/elsewhere/site/Output/")
    }

    @Test("a folder given by a person is shown as typed; its children keep the absolute path and the shown form in step")
    func folderAsGiven() {
        let folder = SitePath(folderAsGiven: "../site/Content")
        #expect(folder.shown == "../site/Content/")
        #expect(folder.absolute == Path.absolute("../site/Content", relativeTo: FileSystem.currentDirectory))
        let post = folder.appending("posts/abc/post.md")
        #expect(post.shown == "../site/Content/posts/abc/post.md")
        #expect(post.absolute == folder.absolute + "/posts/abc/post.md")
        #expect(folder.appending("") == folder)
        #expect(folder.description == folder.shown)
        #expect(folder.filePath.string == folder.absolute)
    }

    @Test("a path under a folder is found again from its absolute form; one outside it is not")
    func childAtAbsolute() {
        let folder = SitePath.folder("/site/Content", shownAs: "Content")
        #expect(folder.shown == "Content/")
        #expect(folder.child(atAbsolute: "/site/Content/users/alice.json")?.shown == "Content/users/alice.json")
        #expect(folder.child(atAbsolute: "/site/Contents/x") == nil)
        #expect(folder.child(atAbsolute: "/site/Content") == nil)
    }
}
