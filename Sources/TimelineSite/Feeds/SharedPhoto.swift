import TimelineContent
import TimelineModel
import TimelineTemplates

/// The image file a feed entry, an enclosure or a share tag points at, and what they say
/// about it. Everything outside this file asks `SharedPhotos` and never looks at the post's
/// `ContentAsset` itself, so when the photo pipeline publishes other files (resized
/// variants) only this file changes.
package struct SharedPhoto: Sendable, Hashable {
    /// The published file, relative to the output root (`p/<id>/rocket.jpg`).
    package let file: String
    let width: Int
    let height: Int
    /// `image/jpeg`, `image/png` or `image/webp`.
    let mediaType: String
    /// The size of the published file in bytes (an enclosure's `length`).
    package let byteCount: Int
    /// The text alternative, when there is one.
    package let alt: String?
    /// When the photo is a video's poster frame: the video.
    package var video: PublishedVideo?
}

package struct SharedPhotos: Sendable {
    package let site: LinkedSite
    package let images: PublishedImages
    /// For the text alternative of a profile picture.
    package let localizer: Localizer

    /// Share cards and feed readers want one large, widely understood file: the JPEG of the
    /// first display size at least this wide (else the widest).
    static let preferredWidth = 1200

    /// The post's first photo, which stands for it in share tags and enclosures.
    func sharedPhoto(ofPost index: Int) -> SharedPhoto {
        sharedPhoto(0, ofPost: index)
    }

    /// Every photo of the post, in its order (a feed entry shows them all).
    func sharedPhotos(ofPost index: Int) -> [SharedPhoto] {
        site.posts.withRecord(at: index) { $0.pointee.photos.indices }.map { sharedPhoto($0, ofPost: index) }
    }

    private func sharedPhoto(_ number: Int, ofPost index: Int) -> SharedPhoto {
        let image = images.posts[index][number]
        let rendition = ImageContexts.fallbackRendition(image.display, atLeast: Self.preferredWidth)
        var shared = Self.shared(rendition, fallbackSize: image.size, alt: site.posts.withRecord(at: index) { $0.pointee.photos[number].alt })
        shared.video = image.video
        return shared
    }

    /// A profile's picture: the avatar when the user has one (its largest square), else their
    /// newest photo.
    func sharedPhoto(ofUser index: Int) -> SharedPhoto? {
        let user = site.users[index]
        if let avatar = images.avatars[index], let rendition = ImageContexts.fallbackRendition(avatar.squares, atLeast: .max) {
            return Self.shared(rendition, fallbackSize: avatar.size, alt: localizer.text(.profilePictureAlt, ["name": user.displayName]))
        }
        return postShown(asPictureOf: index).map(sharedPhoto(ofPost:))
    }

    /// The post whose photo stands for a user without an avatar: their newest.
    package func postShown(asPictureOf user: Int) -> Int? {
        images.avatars[user] == nil ? site.postsByUser[user].first : nil
    }

    private static func shared(_ rendition: Rendition?, fallbackSize: PixelSize, alt: String?) -> SharedPhoto {
        SharedPhoto(
            file: rendition?.outputFile ?? "", width: rendition?.size.width ?? fallbackSize.width,
            height: rendition?.size.height ?? fallbackSize.height, mediaType: rendition?.mediaType ?? "image/jpeg",
            byteCount: rendition?.byteCount ?? 0, alt: alt)
    }
}
