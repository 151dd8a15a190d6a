import Foundation
import Testing
import TimelineBuild
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// A photo or avatar is at most `AssetReader.maximumPhotoBytes`: a valid JPEG followed by a
/// gigabyte of zeros is refused where it is named, before any stage reads it. The Instagram
/// import's refusal of such a photo is a case of the hostile-input corpus (`HostileCorpus`).
@Suite("Media limits")
struct MediaLimitTests {
    static let oversize = AssetReader.maximumPhotoBytes + 1

    @Test("check refuses a photo and an avatar of more than 64 MiB where they are named; 64 MiB is fine")
    func photoAndAvatar() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/alice.json", "{\n  \"username\": \"alice\",\n  \"avatar\": \"alice.jpg\",\n  \"follows\": [\"bob\"]\n}\n")
        try TestImages.paddedPhoto(at: fixture.content + "/users/alice.jpg", size: Self.oversize)
        try TestImages.paddedPhoto(at: fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/photo.jpg", size: Self.oversize)
        let errors = await fixture.checkDiagnostics().filter { $0.severity == .error }
        #expect(errors.map(\.code) == [.photoTooLarge, .photoTooLarge], "\(errors)")
        #expect(errors.contains { $0.location.path.hasSuffix("users/alice.json") && $0.location.line == 3 }, "\(errors)")
        #expect(errors.contains { $0.location.path.contains("posts/-K25Fj8qrMAtxXG3QCSn") }, "\(errors)")

        try TestImages.paddedPhoto(at: fixture.content + "/users/alice.jpg", size: AssetReader.maximumPhotoBytes)
        try TestImages.paddedPhoto(at: fixture.content + "/posts/-K25Fj8qrMAtxXG3QCSn/photo.jpg", size: AssetReader.maximumPhotoBytes)
        await ContentChecks.checkPasses(fixture)
    }
}
