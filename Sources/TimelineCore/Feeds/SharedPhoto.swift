/// The image file a feed entry, an enclosure or a share tag points at, and what they say
/// about it. Everything outside this file asks `SharedPhotos` and never looks at the post's
/// `ContentAsset` itself, so when the photo pipeline publishes other files (resized
/// variants) only this file changes.
struct SharedPhoto: Sendable, Hashable {
    /// The published file, relative to the output root (`p/<id>/rocket.jpg`).
    let file: String
    let width: Int
    let height: Int
    /// `image/jpeg`, `image/png` or `image/webp`.
    let mediaType: String
    /// The size of the published file in bytes (an enclosure's `length`).
    let byteCount: Int
    /// The text alternative, when there is one.
    let alt: String?
}

struct SharedPhotos: Sendable {
    let site: LinkedSite
    let paths: SitePaths

    /// For now: the original photo, copied beside the post page.
    func sharedPhoto(ofPost index: Int) -> SharedPhoto {
        let post = site.posts[index]
        return SharedPhoto(
            file: paths.photoFile(of: post), width: post.photo.pixelSize.width, height: post.photo.pixelSize.height,
            mediaType: post.photo.mediaType, byteCount: post.photo.byteCount, alt: post.alt)
    }

    /// A profile's picture: the avatar when the user has one, else their newest photo.
    func sharedPhoto(ofUser index: Int) -> SharedPhoto? {
        let user = site.users[index]
        if let avatar = user.avatar, let file = paths.avatarFile(of: user) {
            return SharedPhoto(
                file: file, width: avatar.pixelSize.width, height: avatar.pixelSize.height, mediaType: avatar.mediaType,
                byteCount: avatar.byteCount, alt: "Profile picture of \(user.name ?? user.username)")
        }
        return site.postsByUser[index].first.map(sharedPhoto(ofPost:))
    }
}
