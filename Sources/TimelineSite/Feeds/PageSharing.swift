import TimelineContent
import TimelineModel
import TimelineTemplates

/// What pages say about feeds and sharing (documented in docs/templates.md): the feeds a page
/// links with `<link rel="alternate">`, the URLs for visible subscribe links, and the values
/// of the Open Graph and Twitter card tags. Without a base URL no feed is written and no
/// absolute URL can be made, so the feed URLs and the share image, author and URL are absent;
/// `page.share.type` and `page.share.twitterCard` remain.
package struct PageSharing: Sendable {
    package let site: LinkedSite
    package let paths: SitePaths
    package let photos: SharedPhotos
    package let localizer: Localizer

    init(site: LinkedSite, images: PublishedImages, paths: SitePaths, localizer: Localizer) {
        self.site = site
        self.paths = paths
        self.localizer = localizer
        photos = SharedPhotos(site: site, images: images, localizer: localizer)
    }

    /// The root-relative URL of a feed, when feeds are written.
    package func url(of feed: FeedFile) -> String? {
        paths.baseURL == nil ? nil : paths.url(file: feed.urlPath(in: site))
    }

    /// The page's own feed first (a profile's posts, a timeline, a post's comments), then the site's.
    package func feeds(for page: Page) -> [FeedLink] {
        guard paths.baseURL != nil else { return [] }
        var feeds: [FeedFile] = []
        switch page {
        case .profile(let user, _): feeds.append(.posts(user: user))
        case .feed(let user, _): feeds.append(.timeline(user: user))
        case .post(let index): feeds.append(.comments(post: index))
        case .tag(let index, _): feeds.append(.tag(index))
        case .album(let index, _): feeds.append(.album(index))
        default: break
        }
        feeds.append(.site)
        return feeds.map { FeedLink(title: $0.title(in: site, localizer: localizer), url: url(of: $0)) }
    }

    package func share(for page: Page) -> ShareValues {
        switch page {
        case .post(let index):
            let published = site.posts.withRecord(at: index) { $0.pointee.date }
            let shared = photos.sharedPhoto(ofPost: index)
            let image = image(shared)
            let video = shared.video.flatMap { video in
                paths.baseURL.map {
                    ShareImage(url: $0 + video.outputFile, width: video.size.width, height: video.size.height, type: video.mediaType, alt: nil)
                }
            }
            return ShareValues(
                type: "article", twitterCard: image == nil ? "summary" : "summary_large_image", image: image, video: video,
                author: paths.absoluteURL(paths.profile(site.users[site.postAuthor[index]].username)),
                publishedTime: published.map { ISODate.timestamp(milliseconds: $0) })
        case .profile(let user, _):
            return ShareValues(
                type: "profile", twitterCard: "summary", image: photos.sharedPhoto(ofUser: user).flatMap(image), username: site.users[user].username)
        case .album(let index, _):
            let cover = site.coverIndex(ofAlbum: index).flatMap { image(photos.sharedPhoto(ofPost: $0)) }
            return ShareValues(
                type: "website", twitterCard: cover == nil ? "summary" : "summary_large_image", image: cover,
                author: paths.absoluteURL(paths.profile(site.albums[index].owner.username)))
        default:
            return ShareValues(type: "website", twitterCard: "summary")
        }
    }

    private func image(_ photo: SharedPhoto) -> ShareImage? {
        guard let baseURL = paths.baseURL else { return nil }
        return ShareImage(
            url: baseURL + photo.file, width: photo.width, height: photo.height, type: photo.mediaType,
            alt: photo.alt.flatMap { $0.isEmpty ? nil : $0 })
    }
}
