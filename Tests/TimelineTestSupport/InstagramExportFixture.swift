import Foundation

/// An Instagram export as Instagram delivers it (JSON format), its text escaped the way
/// Instagram escapes it (each UTF-8 byte as `\u00XX`): a profile with an avatar, a carousel
/// of two photos and a video, a post with one photo, one without a caption, one whose only
/// photo is missing, a reel (a portrait clip) and one whose clip is missing, and two follows
/// (of `hansolo` and of `nobody_here`).
package enum InstagramExportFixture {
    package static let postsFile = "your_instagram_activity/content/posts_1.json"
    package static let reelsFile = "your_instagram_activity/content/reels.json"
    package static let followingFile = "connections/followers_and_following/following.json"

    /// Photos of the example site, real JPEG files.
    static func photo(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.content + "/posts/" + name))
    }

    /// The export's files by path.
    package static func files() throws -> [String: Data] {
        let rocket = try photo("-K25Fj8qrMAtxXG3QCSn/rocket.jpg")
        let coffee = try photo("-K3d5SS4ZpLjcbBJ5UIt/coffee.jpg")
        return [
            "personal_information/personal_information/personal_information.json": Data(
                #"""
                {"profile_user": [{"media_map_data": {"Profile Photo": {"uri": "media/other/avatar.jpg"}},
                  "string_map_data": {"Username": {"value": "ines_duarte"}, "Name": {"value": "In\u00c3\u00aas Duarte"},
                    "Bio": {"value": "Caf\u00c3\u00a9 & Lisboa"}}}]}
                """#.utf8),
            "media/other/avatar.jpg": coffee,
            postsFile: Data(
                #"""
                [
                  {"title": "Tr\u00c3\u00aas fotos do #Porto", "creation_timestamp": 1650000000, "media": [
                    {"uri": "media/posts/202204/a.jpg", "creation_timestamp": 1650000001, "title": ""},
                    {"uri": "media/posts/202204/b.jpg", "creation_timestamp": 1650000002, "title": ""},
                    {"uri": "media/posts/202204/c.mp4", "creation_timestamp": 1650000003, "title": ""}]},
                  {"media": [{"uri": "media/posts/202001/sunset.jpg", "creation_timestamp": 1580000000, "title": "Sunset"}]},
                  {"media": [{"uri": "media/posts/202101/untitled.jpg", "creation_timestamp": 1610000000, "title": ""}]},
                  {"media": [{"uri": "media/posts/202102/gone.jpg", "creation_timestamp": 1612000000, "title": "Lost"}]}
                ]
                """#.utf8),
            "media/posts/202204/a.jpg": rocket,
            "media/posts/202204/b.jpg": coffee,
            "media/posts/202204/c.mp4": try clip(width: 160, height: 120),
            "media/posts/202001/sunset.jpg": coffee,
            "media/posts/202101/untitled.jpg": rocket,
            reelsFile: Data(
                #"""
                {"ig_reels_media": [
                  {"media": [{"uri": "media/reels/202301/praia.mp4", "creation_timestamp": 1672531200,
                    "title": "Um reel na praia \u00f0\u009f\u008c\u008a", "media_metadata": {"video_metadata": {"exif_data": []}}}]},
                  {"media": [{"uri": "media/reels/202302/gone.mp4", "creation_timestamp": 1675209600, "title": "Lost reel"}]}
                ]}
                """#.utf8),
            "media/reels/202301/praia.mp4": try clip(width: 120, height: 160),
            followingFile: Data(
                #"""
                {"relationships_following": [
                  {"title": "hansolo", "string_list_data": [{"href": "https://www.instagram.com/hansolo", "timestamp": 1}]},
                  {"title": "nobody_here", "string_list_data": [{"href": "https://www.instagram.com/nobody_here", "timestamp": 2}]}]}
                """#.utf8),
        ]
    }

    /// Writes `files` as the export's folder at `folder`.
    package static func writeFolder(_ files: [String: Data], at folder: String) throws {
        for (path, data) in files {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: file))
        }
    }

    /// A one-second clip FFmpeg makes: the carousel's video, the reel.
    static func clip(width: Int, height: Int) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-instagram-clip-\(UUID().uuidString).mp4").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try TestClips.make(at: path, width: width, height: height, seconds: 1)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
