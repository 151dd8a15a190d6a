import Foundation
import TimelineTestSupport

/// A site as an Instagram import makes it: no photo has alt text. Inês posts a photo, a
/// carousel of three photos of the shapes an export holds (the example site's 640×427 rocket,
/// 512×512 camera and 400×328 horse, in that order) and a video, each caption with #Porto;
/// Han follows her. Links are relative, so Chromium can open the pages from the folder.
enum UndescribedSite {
    static let photoPost = "-K25Fj8qrMAtxXG3QCSn"
    static let carouselPost = "-K36oDNVDXuaek0DUCoc"
    static let videoPost = "-K3d5SS4ZpLjcbBJ5UIt"
    static let author = "Inês Duarte"

    /// Each kind of page the site has: home, profile, timeline, every post, a tag, the tags,
    /// and the lists of people.
    static let pages = [
        "index.html", "u/ines_duarte/index.html", "u/hansolo/feed/index.html", "p/\(photoPost)/index.html", "p/\(carouselPost)/index.html",
        "p/\(videoPost)/index.html", "tags/porto/index.html", "tags/index.html", "users/index.html", "u/ines_duarte/followers/index.html",
    ]

    static let carouselPhotos = [
        "-K25Fj8qrMAtxXG3QCSn/rocket.jpg", "-K4lrtfwzeJO-XUOJG_k/camera.jpg", "-K4JKCJcHOnPQ8mBtMK6/horse.jpg",
    ]

    static func make() throws -> SiteFixture {
        let fixture = try SiteFixture(
            site: #"{"title": "Fixture", "baseURL": "https://example.org/", "pageSize": 4, "feedDepth": 2, "relativeURLs": true}"#)
        try fixture.user("ines_duarte", extra: "\n  \"name\": \"\(author)\",")
        try fixture.user("hansolo", follows: ["ines_duarte"])
        try fixture.post(photoPost, by: "ines_duarte", caption: "Sunset on the #Porto river\n", alt: nil)

        let carousel = fixture.content + "/posts/\(carouselPost)"
        try FileManager.default.createDirectory(atPath: carousel, withIntermediateDirectories: true)
        for photo in carouselPhotos {
            let name = (photo as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: RepositoryPaths.content + "/posts/" + photo, toPath: carousel + "/" + name)
        }
        let list = carouselPhotos.map { "  - " + ($0 as NSString).lastPathComponent + "\n" }.joined()
        try fixture.write("Content/posts/\(carouselPost)/post.md", "---\nusername: ines_duarte\nphotos:\n\(list)---\nTrês fotos do #Porto\n")

        let video = fixture.content + "/posts/\(videoPost)"
        try FileManager.default.createDirectory(atPath: video, withIntermediateDirectories: true)
        try TestClips.make(at: video + "/clip.mp4", seconds: 1)
        try fixture.write("Content/posts/\(videoPost)/post.md", "---\nusername: ines_duarte\nimage: clip.mp4\n---\nA clip of #Porto\n")
        return fixture
    }
}
