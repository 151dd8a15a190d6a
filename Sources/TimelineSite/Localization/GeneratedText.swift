import TimelineContent
import TimelineModel
import TimelineTemplates

/// The texts of a theme's translations that the generator itself fills in (page titles and
/// descriptions, feed titles, the search script's messages), each with the values it puts in
/// for its `{{…}}` placeholders. They are plain text: a template escapes them when it shows them.
package enum GeneratedText: String, CaseIterable, Sendable {
    case fullTitle = "title.full"
    case homePageTitle = "title.home.page"
    case profileDescription = "description.profile"
    case profilePageTitle = "title.profile.page"
    case timelineTitle = "title.timeline"
    case timelinePageTitle = "title.timeline.page"
    case timelineDescription = "description.timeline"
    case followingTitle = "title.following"
    case followingEmpty = "empty.following"
    case followersTitle = "title.followers"
    case followersEmpty = "empty.followers"
    case usersTitle = "title.users"
    case usersEmpty = "empty.users"
    case postTitle = "title.post"
    case videoTitle = "title.video"
    case searchTitle = "title.search"
    case searchDescription = "description.search"
    case notFoundTitle = "title.notFound"
    case tagTitle = "title.tag"
    case tagPageTitle = "title.tag.page"
    case tagDescription = "description.tag"
    case tagsTitle = "title.tags"
    case albumPageTitle = "title.album.page"
    case albumDescription = "description.album"
    case albumsTitle = "title.albums"
    case tagFeedTitle = "feed.tag"
    case postsFeedTitle = "feed.posts"
    case timelineFeedTitle = "feed.timeline"
    case commentsFeedTitle = "feed.comments"
    case commentEntryTitle = "feed.comment"
    case profilePictureAlt = "alt.profilePicture"
    case photoPosition = "photo.position"
    case videoPosition = "video.position"
    case searching = "script.searching"
    case searchFound = "script.found"
    case searchSoFar = "script.soFar"
    case searchNothing = "script.nothing"
    case searchUnavailable = "script.unavailable"
    case searchNeedsServer = "script.needsServer"
    case filterNobody = "script.filterNobody"
    case filterCount = "script.filterCount"

    /// The names of the values put in for its placeholders.
    var placeholders: [String] {
        switch self {
        case .fullTitle: ["page", "site"]
        case .homePageTitle: ["number"]
        case .profilePageTitle, .timelinePageTitle, .tagPageTitle, .albumPageTitle: ["name", "number"]
        case .profileDescription, .timelineTitle, .timelineDescription, .followingTitle, .followingEmpty, .followersTitle, .followersEmpty,
            .postTitle, .videoTitle, .postsFeedTitle, .tagTitle, .tagDescription, .tagFeedTitle, .timelineFeedTitle, .commentsFeedTitle, .commentEntryTitle,
            .profilePictureAlt, .albumDescription, .albumsTitle:
            ["name"]
        case .usersTitle, .usersEmpty, .tagsTitle, .searchTitle, .searchDescription, .notFoundTitle, .searching, .filterNobody, .searchNeedsServer: []
        case .searchFound: ["results", "query"]
        case .photoPosition, .videoPosition: ["number", "count"]
        case .searchSoFar: ["results"]
        case .searchNothing: ["query"]
        case .searchUnavailable: ["error"]
        case .filterCount: ["shown", "total"]
        }
    }

    /// The title of a post whose first photo is `first` (a post page's, and its Atom entry's
    /// without a caption): a video's when that photo is one.
    static func title(opening first: PostPhoto) -> GeneratedText {
        first.video == nil ? .postTitle : .videoTitle
    }

    /// Whether the search script fills it in (in the browser) rather than the generator.
    var isForScript: Bool {
        rawValue.hasPrefix("script.")
    }
}

/// The counted texts of a theme's translations ("1 like", "2 likes"): plural forms, each with a
/// `{{count}}` placeholder for the number, formatted for the language.
package enum CountedText: String, CaseIterable, Sendable {
    case likes = "count.likes"
    case comments = "count.comments"
    case posts = "count.posts"
    case followers = "count.followers"
    case following = "count.following"
    case photos = "count.photos"
    case people = "count.people"
    case albums = "count.albums"
}

extension CountedText {
    /// Its position in `allCases`, for tables indexed by key.
    var ordinal: Int {
        switch self {
        case .likes: 0
        case .comments: 1
        case .posts: 2
        case .followers: 3
        case .following: 4
        case .photos: 5
        case .people: 6
        case .albums: 7
        }
    }
}
