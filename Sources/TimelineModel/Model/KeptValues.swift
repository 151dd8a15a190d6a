/// How the records and diagnostics are kept in state files (`StateCoder`): each type's fields
/// once, in order. A field added to a record is added here, and `StateFileKind.records`'s
/// version moves.
extension Post: StateCodable {
    package static func code(_ post: Post?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Post {
        let id = try coder.value(post?.id)
        let author = try coder.value(post?.author)
        let photos = try coder.list(post?.photos, limit: PostPhoto.limit)
        guard !photos.isEmpty else { throw StateCoder.Malformed() }
        let date = try coder.optional(post.map(\.date))
        let caption = try coder.optional(post.map(\.caption))
        let source = try coder.location(post?.source)
        let extra = try coder.optional(post.map(\.extra))
        let comments = try coder.list(post?.comments)
        let likes = try coder.list(post?.likes)
        if let post { return post }
        var read = Post(id: id, author: author, photos: photos, date: date, caption: caption, comments: comments, likes: likes, source: source)
        read.extra = extra
        return read
    }
}

extension User: StateCodable {
    package static func code(_ user: User?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> User {
        let username = try coder.string(user?.username)
        let name = try coder.optional(user.map(\.name))
        let bio = try coder.optional(user.map(\.bio))
        let url = try coder.optional(user.map(\.url))
        let avatar = try coder.optional(user.map(\.avatar))
        let follows = try coder.list(user?.follows)
        let source = try coder.location(user?.source)
        let extra = try coder.optional(user.map(\.extra))
        if let user { return user }
        var read = User(username: username, name: name, bio: bio, url: url, avatar: avatar, follows: follows, source: source)
        read.extra = extra
        return read
    }
}

extension Album: StateCodable {
    package static func code(_ album: Album?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Album {
        let owner = try coder.value(album?.owner)
        let slug = try coder.string(album?.slug)
        let title = try coder.string(album?.title)
        let description = try coder.optional(album.map(\.description))
        let cover = try coder.optional(album.map(\.cover))
        let posts = try coder.list(album?.posts)
        let source = try coder.location(album?.source)
        return album ?? Album(owner: owner, slug: slug, title: title, description: description, cover: cover, posts: posts, source: source)
    }
}

extension PostReference: StateCodable {
    package static func code(_ reference: PostReference?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> PostReference {
        let id = try coder.value(reference?.id)
        let location = try coder.location(reference?.location)
        return reference ?? PostReference(id: id, location: location)
    }
}

extension PostPhoto: StateCodable {
    package static func code(_ photo: PostPhoto?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> PostPhoto {
        let asset = try coder.value(photo?.asset)
        let alt = try coder.optional(photo.map(\.alt))
        let video = try coder.optional(photo.map(\.video))
        return photo ?? PostPhoto(asset: asset, alt: alt, video: video)
    }
}

extension VideoDetails: StateCodable {
    package static func code(_ video: VideoDetails?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> VideoDetails {
        let container = try coder.string(video?.container)
        let duration = try coder.count(video?.durationMilliseconds, limit: Int.max)
        let codedSize = try coder.value(video?.codedSize)
        let rotation = try coder.count(video?.rotation, limit: 270)
        let videoCodec = try coder.string(video?.videoCodec)
        let pixelFormat = try coder.string(video?.pixelFormat)
        let audioCodec = try coder.optional(video.map(\.audioCodec))
        let audioChannels = try coder.count(video?.audioChannels)
        let namedAt = try coder.location(video?.namedAt)
        return video
            ?? VideoDetails(
                container: container, durationMilliseconds: duration, codedSize: codedSize, rotation: rotation,
                videoCodec: videoCodec, pixelFormat: pixelFormat, audioCodec: audioCodec, audioChannels: audioChannels, namedAt: namedAt)
    }
}

extension Comment: StateCodable {
    package static func code(_ comment: Comment?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Comment {
        let id = try coder.value(comment?.id)
        let author = try coder.value(comment?.author)
        let text = try coder.string(comment?.text)
        let source = try coder.location(comment?.source)
        return comment ?? Comment(id: id, author: author, text: text, source: source)
    }
}

extension Like: StateCodable {
    package static func code(_ like: Like?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Like {
        let id = try coder.value(like?.id)
        let author = try coder.value(like?.author)
        let source = try coder.location(like?.source)
        return like ?? Like(id: id, author: author, source: source)
    }
}

extension UserReference: StateCodable {
    package static func code(_ reference: UserReference?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> UserReference {
        let username = try coder.string(reference?.username)
        let location = try coder.location(reference?.location)
        return reference ?? UserReference(username: username, location: location)
    }
}

extension ContentID: StateCodable {
    package static func code(_ id: ContentID?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> ContentID {
        let raw = try coder.string(id?.rawValue)
        // Written as it is; checked again only when read back.
        if let id { return id }
        guard let read = ContentID(raw) else { throw StateCoder.Malformed() }
        return read
    }
}

extension ContentAsset: StateCodable {
    package static func code(_ asset: ContentAsset?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> ContentAsset {
        let relativePath = try coder.string(asset?.relativePath)
        let fileName = try coder.string(asset?.fileName)
        let byteCount = try coder.count(asset?.byteCount, limit: Int.max)
        let pixelSize = try coder.value(asset?.pixelSize)
        let mediaType = try coder.string(asset?.mediaType)
        let identity = try coder.optional(asset.map(\.identity))
        if let asset { return asset }
        var read = ContentAsset(
            relativePath: relativePath, fileName: fileName, byteCount: byteCount, pixelSize: pixelSize, mediaType: mediaType)
        read.identity = identity
        return read
    }
}

extension Int64: StateCodable {
    package static func code(_ value: Int64?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Int64 {
        try coder.signed(value)
    }
}

extension ExtraValue: StateCodable {
    package static func code(_ value: ExtraValue?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> ExtraValue {
        try code(value, with: &coder, depth: 0)
    }

    /// Nesting is limited, so that a damaged file cannot recurse without end.
    private static func code(_ value: ExtraValue?, with coder: inout StateCoder, depth: Int) throws(StateCoder.Malformed) -> ExtraValue {
        guard depth < maximumDepth else { throw StateCoder.Malformed() }
        let tag: Int? =
            switch value {
            case nil: nil
            case .null: 0
            case .bool(let flag): flag ? 2 : 1
            case .number: 3
            case .text: 4
            case .list: 5
            case .object: 6
            }
        switch try coder.count(tag, limit: 6) {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3:
            guard case .number(let literal)? = value else { return .number(try coder.string(nil)) }
            return .number(try coder.string(literal))
        case 4:
            guard case .text(let text)? = value else { return .text(try coder.string(nil)) }
            return .text(try coder.string(text))
        case 5:
            let items: [ExtraValue]? = if case .list(let items)? = value { items } else { nil }
            let count = try coder.count(items?.count)
            var read: [ExtraValue] = []
            for index in 0..<count { read.append(try code(items?[index], with: &coder, depth: depth + 1)) }
            return .list(read)
        default:
            let members: [Member]? = if case .object(let members)? = value { members } else { nil }
            let count = try coder.count(members?.count)
            var read: [Member] = []
            for index in 0..<count {
                let key = try coder.string(members?[index].key)
                read.append(Member(key: key, value: try code(members?[index].value, with: &coder, depth: depth + 1)))
            }
            return .object(read)
        }
    }
}

extension Diagnostic: StateCodable {
    package static func code(_ diagnostic: Diagnostic?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Diagnostic {
        let severity = try coder.string(diagnostic?.severity.rawValue)
        let code = try coder.string(diagnostic?.code.rawValue)
        let stage = try coder.string(diagnostic?.stage.rawValue)
        let location = try coder.location(diagnostic?.location)
        let message = try coder.string(diagnostic?.message)
        if let diagnostic { return diagnostic }
        guard let severity = Severity(rawValue: severity), let code = DiagnosticCode(rawValue: code), let stage = BuildStage(rawValue: stage) else {
            throw StateCoder.Malformed()
        }
        return Diagnostic(severity, code, stage: stage, at: location, message)
    }
}

extension Array: StateCodable where Element: StateCodable {
    package static func code(_ value: [Element]?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> [Element] {
        try coder.list(value)
    }
}

extension PixelSize: StateCodable {
    package static func code(_ size: PixelSize?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> PixelSize {
        let width = try coder.count(size?.width)
        let height = try coder.count(size?.height)
        return size ?? PixelSize(width: width, height: height)
    }
}

extension ProcessedImage: StateCodable {
    package static func code(_ image: ProcessedImage?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> ProcessedImage {
        let size = try coder.value(image?.size)
        let placeholderColor = try coder.optional(image.map(\.placeholderColor))
        let display = try coder.list(image?.display)
        let squares = try coder.list(image?.squares)
        let camera = try coder.optional(image.map(\.camera))
        let video = try coder.optional(image.map(\.video))
        return image ?? ProcessedImage(size: size, placeholderColor: placeholderColor, display: display, squares: squares, camera: camera, video: video)
    }
}

extension PublishedVideo: StateCodable {
    package static func code(_ video: PublishedVideo?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> PublishedVideo {
        let outputFile = try coder.string(video?.outputFile)
        let size = try coder.value(video?.size)
        let byteCount = try coder.count(video?.byteCount, limit: Int.max)
        let duration = try coder.count(video?.durationMilliseconds, limit: Int.max)
        let mediaType = try coder.string(video?.mediaType)
        return video ?? PublishedVideo(outputFile: outputFile, size: size, byteCount: byteCount, durationMilliseconds: duration, mediaType: mediaType)
    }
}

extension Rendition: StateCodable {
    package static func code(_ rendition: Rendition?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Rendition {
        let size = try coder.value(rendition?.size)
        let mediaType = try coder.string(rendition?.mediaType)
        let outputFile = try coder.string(rendition?.outputFile)
        let byteCount = try coder.count(rendition?.byteCount, limit: Int.max)
        return rendition ?? Rendition(size: size, mediaType: mediaType, outputFile: outputFile, byteCount: byteCount)
    }
}

extension CameraDetails: StateCodable {
    package static func code(_ camera: CameraDetails?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> CameraDetails {
        let make = try coder.optional(camera.map(\.make))
        let model = try coder.optional(camera.map(\.model))
        let lens = try coder.optional(camera.map(\.lens))
        let focalLength = try coder.optional(camera.map(\.focalLength))
        let fNumber = try coder.optional(camera.map(\.fNumber))
        let exposureTime = try coder.optional(camera.map(\.exposureTime))
        let iso = try coder.optional(camera.map { $0.iso.map { Int64($0) } })
        let takenAt = try coder.optional(camera.map(\.takenAt))
        return camera
            ?? CameraDetails(
                make: make, model: model, lens: lens, focalLength: focalLength, fNumber: fNumber, exposureTime: exposureTime, iso: iso.map { Int($0) },
                takenAt: takenAt)
    }
}

extension CameraDetails.Fraction: StateCodable {
    package static func code(_ fraction: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self {
        let numerator = try coder.signed(fraction.map { Int64($0.numerator) })
        let denominator = try coder.signed(fraction.map { Int64($0.denominator) })
        return fraction ?? Self(numerator: Int(truncatingIfNeeded: numerator), denominator: Int(truncatingIfNeeded: denominator))
    }
}

extension CameraDetails.TakenAt: StateCodable {
    package static func code(_ time: Self?, with coder: inout StateCoder) throws(StateCoder.Malformed) -> Self {
        let fields = try coder.list(time.map { [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second].map { Int64($0) } })
        let offset = try coder.optional(time.map { $0.offsetMinutes.map { Int64($0) } })
        if let time { return time }
        guard fields.count == 6 else { throw StateCoder.Malformed() }
        let values = fields.map { Int(truncatingIfNeeded: $0) }
        return Self(
            year: values[0], month: values[1], day: values[2], hour: values[3], minute: values[4], second: values[5],
            offsetMinutes: offset.map { Int(truncatingIfNeeded: $0) })
    }
}
