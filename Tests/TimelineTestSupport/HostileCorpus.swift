import Foundation
import TimelineContent
import TimelineModel

/// The hostile-input corpus: the crafted zips, export folders, content folders and clips of
/// issue 50's "Crafted input", one case each, run through the `timeline` executable by
/// `HostileCorpusTests` and held to `HostileBounds`. docs/ci.md lists them.
package enum HostileCorpus {
    typealias Expectation = HostileCase.Expectation

    package static let cases: [HostileCase] = quadratic + endless + zipBombs + badMedia + names + subtitles + controls + lyingVideos + smaller

    // MARK: 1. Output that grows with the square of a caption

    static let quadratic: [HostileCase] = [
        HostileCase(
            1, "an export whose caption holds 4,000 hashtags",
            .zip { try zip(export(posts: twoPosts(firstCaption: hashtags(4_000)))) }, .importInstagram,
            .imported(posts: 1, skipped: ["\(postsFile) /0: skipped this post"])),
        HostileCase(
            1, "a caption of 1,000 hashtags (6 KB)", .content { try $0.write(firstPost, "---\nusername: alice\nalt: A rocket\n---\n\(hashtags(1_000))") },
            .build, .refused(.captionTooLong)),
        HostileCase(
            1, "a caption of 40 different hashtags", .content { try $0.write(firstPost, "---\nusername: alice\nalt: A rocket\n---\n\(hashtags(40))") },
            .build, .refused(.tooManyHashtags)),
    ]

    // MARK: 2. An import that never ends; what a killed one leaves

    static let endless: [HostileCase] = [
        HostileCase(
            2, "a deflate stream that claims more than its entry's data",
            .zip { try endlessExport(CraftedZip.Entry(name: "media/a.jpg", method: 8, data: CraftedZip.endlessDeflate, uncompressedSize: 1 << 20)) },
            .importInstagram, skippedFirstPhoto),
        HostileCase(
            2, "a deflate stream whose entry runs over the central directory",
            .zip {
                try endlessExport(
                    CraftedZip.Entry(name: "media/a.jpg", method: 8, data: CraftedZip.endlessDeflate, uncompressedSize: 1 << 20, compressedSize: .max))
            }, .importInstagram, skippedFirstPhoto),
        HostileCase(
            2, "stored blocks that wrap the central directory, ending on a 256 KiB chunk", .zip { try wrappingExport() }, .importInstagram, skippedFirstPhoto),
        HostileCase(
            2, "what a killed import staged",
            .content { site in
                let ended = try EndedProcess.id()
                try site.write("Content/posts/.-K9aaaaaaaaaaaaaaaaa.new-\(ended)-3/photo.jpg", "half a photo")
                try site.write("Content/users/.ines.json.new-\(ended)-1", "{")
            }, .build, .built),
    ]

    // MARK: 3. A zip bomb that plants a huge photo

    static let zipBombs: [HostileCase] = [
        HostileCase(
            3, "a 70 KB zip whose photo is a JPEG and 64 MiB of zeros",
            .zip {
                let padded = try samplePhoto() + [UInt8](repeating: 0, count: AssetReader.maximumPhotoBytes + 1 - samplePhoto().count)
                return try zip(export(posts: twoPosts()), replacing: [CraftedZip.Entry.deflated("media/a.jpg", padded)])
            }, .importInstagram, skippedFirstPhoto),
        HostileCase(
            3, "a zip entry that declares 1,000 bytes and inflates to 16 MiB",
            .zip {
                var bomb = CraftedZip.Entry.deflated("media/a.jpg", [UInt8](repeating: 0, count: 16 << 20))
                bomb.uncompressedSize = 1_000
                return try zip(export(posts: twoPosts()), replacing: [bomb])
            }, .importInstagram, skippedFirstPhoto),
        HostileCase(
            3, "a post's photo of a JPEG and 64 MiB of zeros",
            .content { try TestImages.paddedPhoto(at: $0.content + "/posts/-K25Fj8qrMAtxXG3QCSn/photo.jpg", size: AssetReader.maximumPhotoBytes + 1) },
            .build, .refused(.photoTooLarge)),
    ]

    // MARK: 4. Bad media that aborted the whole import

    static let badMedia: [HostileCase] = [
        HostileCase(
            4, "a .jpg that is no JPEG, an HLS playlist as clip.mp4, an avatar that is no image",
            .folder {
                var files = try export(
                    posts: """
                        [{"title": "Not a photo", "creation_timestamp": 1650000000, "media": [{"uri": "media/bad.jpg"}]},
                         {"title": "A playlist", "creation_timestamp": 1650000100, "media": [{"uri": "media/clip.mp4"}]},
                         {"title": "Fine", "creation_timestamp": 1650000200, "media": [{"uri": "media/fine.jpg"}]}]
                        """, avatar: "media/avatar.jpg")
                files["media/avatar.jpg"] = Data("not an image".utf8)
                files["media/bad.jpg"] = Data("not a JPEG at all".utf8)
                files["media/clip.mp4"] = Data("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n".utf8)
                return files
            }, .importInstagram,
            .imported(
                posts: 1,
                skipped: [
                    "\(profileFile) /profile_user/0/media_map_data/Profile Photo/uri: skipped the avatar", "\(postsFile) /0/media/0/uri: skipped this post",
                    "\(postsFile) /1/media/0/uri: skipped this post",
                ])),
        HostileCase(
            4, "a NUL in a media name",
            .zip {
                var files = try export(posts: twoPosts(firstURI: #"media/a\u0000.jpg"#))
                files["media/a.jpg"] = nil
                return CraftedZip.archive(
                    entries(files) + [CraftedZip.Entry(nameBytes: Array("media/a".utf8) + [0] + Array(".jpg".utf8), data: try samplePhoto())])
            }, .importInstagram,
            .imported(posts: 1, skipped: [#"media/a\u{00}.jpg /: skipped this entry"#] + unreadableFirstMedia)),
    ]

    // MARK: 5. Names that check passed and build could not write

    static let longHashtag = "---\nusername: alice\nalt: A rocket\n---\nA #\(String(repeating: "x", count: 300))"
    static let longPhotoName = String(repeating: "a", count: 236) + ".jpg"

    static let names: [HostileCase] = [
        HostileCase(
            5, "a hashtag of 300 characters (check)", .content { try $0.write(firstPost, longHashtag) }, .check, .refusedAt("Content/\(firstPostFile):5")),
        HostileCase(5, "a hashtag of 300 characters (build)", .content { try $0.write(firstPost, longHashtag) }, .build, .refused(.hashtagTooLong)),
        HostileCase(
            5, "a photo file name of 240 bytes",
            .content { try $0.post("-K25Fj8qrMAtxXG3QCSn", by: "alice", caption: "Hi", frontMatter: "image: \(longPhotoName)\n", photo: longPhotoName) },
            .build, .refused(.fileNameTooLong)),
    ]

    // MARK: 6. A valid MP4 with a subtitle track

    static let subtitles: [HostileCase] = [
        HostileCase(6, "an MP4 with a subtitle track", .content { try videoPost($0) { try TestClips.subtitled(at: $0) } }, .build, .built)
    ]

    // MARK: 7. Terminal control characters

    static let controls: [HostileCase] = [
        HostileCase(
            7, "ESC, BEL and C1 in a media URI, ESC and NUL in a follow",
            .folder {
                var files = try export(posts: #"[{"creation_timestamp": 1650000000, "media": [{"uri": "media/\u001b]0;owned\u0007\u009b31m.jpg"}]}]"#)
                files[InstagramExportFixture.followingFile] = Data(#"{"relationships_following": [{"title": "evil\u001b[2J\u0000"}]}"#.utf8)
                return files
            }, .importInstagram,
            .imported(
                posts: 0,
                skipped: unreadableFirstMedia + ["\(InstagramExportFixture.followingFile) /relationships_following/0: skipped this follow"]
            ).showing(#"media/\u{1B}]0;owned\u{07}\u{9B}31m.jpg"#, #"evil\u{1B}[2J\u{00}"#)),
        HostileCase(
            7, "ESC in the username", .folder { try export(posts: twoPosts(), username: #"in\u001b[5mes"#) }, .importInstagram,
            Expectation.importRefused.showing(#"in\u{1B}[5mes"#)),
    ]

    // MARK: 8. Video limits read from the headers only

    static let lyingVideos: [HostileCase] = [
        HostileCase(
            8, "a 20 s clip whose headers say 1 s, over maxDuration 10",
            .content { try videoPost($0, videos: #"{"maxDuration": 10}"#) { try TestClips.lyingDuration(at: $0, seconds: 20, statedSeconds: 1) } }, .build,
            .refused(.videoTooLarge)),
        HostileCase(
            8, "frames that grow from 32×32 to 512×512, over maxPixels 4096",
            .content { try videoPost($0, videos: #"{"maxPixels": 4096}"#) { try TestClips.resolutionSwitch(at: $0, from: 32, to: 512) } }, .build,
            .refused(.videoTooLarge)),
    ]

    // MARK: 9. Smaller findings

    static let smaller: [HostileCase] = [
        HostileCase(
            9, "follows left out, each at its own JSON index",
            .folder {
                var files = try export(posts: twoPosts())
                files[InstagramExportFixture.followingFile] = Data(
                    #"{"relationships_following": [{"title": "hansolo"}, {"title": "hansolo"}, {"string_list_data": []}, {"title": "nobody_here"}]}"#.utf8)
                return files
            }, .importInstagram,
            .imported(posts: 2, skipped: (0..<4).map { "\(InstagramExportFixture.followingFile) /relationships_following/\($0): skipped this follow" })),
        HostileCase(9, "the username --help", .folder { try export(posts: twoPosts(), username: "--help") }, .importInstagram, .importRefused),
        HostileCase(9, "the username -rf", .zip { try zip(export(posts: twoPosts(), username: "-rf")) }, .importInstagram, .importRefused),
        HostileCase(
            9, "the file system's root as the export", .existing("/"), .importInstagram,
            Expectation(status: 1, skipped: ["the profile", "the posts", "the follows"].map { "/ /: skipped \($0)" }, posts: 0)),
        HostileCase(
            9, "an encrypted entry before the profile",
            .zip {
                let secret = CraftedZip.Entry(name: "media/secret.jpg", data: Array("secret".utf8), flags: 1)
                return try CraftedZip.archive([secret] + entries(export(posts: twoPosts())))
            }, .importInstagram, .imported(posts: 2, skipped: ["media/secret.jpg /: skipped this entry"])),
    ]
}

// MARK: - The inputs

extension HostileCorpus {
    static let postsFile = InstagramExportFixture.postsFile
    static let profileFile = "personal_information/personal_information/personal_information.json"
    static let firstPostFile = "posts/-K25Fj8qrMAtxXG3QCSn/post.md"
    static let firstPost = "Content/" + firstPostFile

    /// An import that left out the first post, whose only photo is `media/a.jpg`, and wrote the second.
    static let skippedFirstPhoto = HostileCase.Expectation.imported(posts: 1, skipped: ["\(postsFile) /0/media/0/uri: skipped this post"])

    /// The first post's one media item left out as a name no file has, and so the post.
    static let unreadableFirstMedia = ["\(postsFile) /0/media/0/uri: skipped this media item", "\(postsFile) /0: skipped this post"]

    static func samplePhoto() throws -> [UInt8] {
        try Array(Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samplePhoto)))
    }

    /// `#t1 #t2 …`: `count` different hashtags.
    static func hashtags(_ count: Int) -> String {
        (1...count).map { "#t\($0)" }.joined(separator: " ")
    }

    /// Two posts of one photo each: `media/a.jpg` (or `firstURI`), then `media/fine.jpg`.
    static func twoPosts(firstCaption: String = "First", firstURI: String = "media/a.jpg") -> String {
        """
        [{"title": "\(firstCaption)", "creation_timestamp": 1650000000, "media": [{"uri": "\(firstURI)", "creation_timestamp": 1650000000}]},
         {"title": "Fine", "creation_timestamp": 1650000100, "media": [{"uri": "media/fine.jpg", "creation_timestamp": 1650000100}]}]
        """
    }

    /// An export of `username`'s profile (with an avatar when named), the posts file `posts`,
    /// no follows, and the photos `media/a.jpg` and `media/fine.jpg`.
    static func export(posts: String, username: String = "ines", avatar: String? = nil) throws -> [String: Data] {
        let media = avatar.map { #""media_map_data": {"Profile Photo": {"uri": "\#($0)"}}, "# } ?? ""
        let photo = Data(try samplePhoto())
        return [
            profileFile: Data(#"{"profile_user": [{\#(media)"string_map_data": {"Username": {"value": "\#(username)"}}}]}"#.utf8),
            postsFile: Data(posts.utf8),
            InstagramExportFixture.followingFile: Data(#"{"relationships_following": []}"#.utf8),
            "media/a.jpg": photo, "media/fine.jpg": photo,
        ]
    }

    /// The files as stored zip entries, in the order of their paths.
    static func entries(_ files: [String: Data]) -> [CraftedZip.Entry] {
        files.sorted { $0.key < $1.key }.map { CraftedZip.Entry(name: $0.key, data: Array($0.value)) }
    }

    /// The files zipped, `replacing` the entries of the same name (`media/a.jpg`) and last, so
    /// that their data is followed by the central directory.
    static func zip(_ files: [String: Data], replacing crafted: [CraftedZip.Entry] = []) -> [UInt8] {
        var files = files
        for entry in crafted { files[String(decoding: entry.name, as: UTF8.self)] = nil }
        return CraftedZip.archive(entries(files) + crafted)
    }

    /// The export with `media/a.jpg` replaced by `entry`, whose deflate stream never ends.
    static func endlessExport(_ entry: CraftedZip.Entry) throws -> [UInt8] {
        zip(try export(posts: twoPosts()), replacing: [entry])
    }

    /// The export whose `media/a.jpg` is a deflate stream of stored blocks that run over the
    /// central directory to the end of the archive, the archive ending on a multiple of 256 KiB
    /// from the entry's data, and the stream unfinished there: a reader that reads on past the
    /// entry's data in 256 KiB chunks waits at the end of the file for bytes that never come.
    static func wrappingExport() throws -> [UInt8] {
        var entry = CraftedZip.Entry(name: "media/a.jpg", method: 8, data: [], uncompressedSize: 1 << 20)
        let empty = try endlessExport(entry)
        let end = empty.count - 22
        let directoryOffset = Int(empty[end + 16]) | Int(empty[end + 17]) << 8 | Int(empty[end + 18]) << 16 | Int(empty[end + 19]) << 24
        let tail = empty.count - directoryOffset
        let block: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00]
        let full = block + [UInt8](repeating: 0, count: 0xFFFF)
        entry.data = full + full + full + block
        entry.data += [UInt8](repeating: 0, count: (1 << 18) - tail - entry.data.count)
        return try endlessExport(entry)
    }

    /// The small site with a video post by alice, its clip made by `make` at the path it is given,
    /// and `videos` as the site's video settings.
    static func videoPost(_ site: SiteFixture, videos: String = "{}", make: (String) throws -> Void) throws {
        try site.write("Content/site.json", #"{"title": "Fixture", "baseURL": "https://example.org/", "pageSize": 2, "feedDepth": 2, "videos": \#(videos)}"#)
        let folder = site.content + "/posts/-KZvideo00000000001"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try make(folder + "/clip.mp4")
        try site.write("Content/posts/-KZvideo00000000001/post.md", "---\nusername: alice\nimage: clip.mp4\nalt: A test pattern\n---\nA clip.\n")
    }
}

/// The ID of a process that has ended, for what a killed command left behind.
package enum EndedProcess {
    package static func id() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
