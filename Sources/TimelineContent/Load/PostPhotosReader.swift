import TimelineModel

/// Reads which photos and videos a post shows, in one of two forms of its front matter (a
/// video is named as a photo is, and is probed here: see `AssetReader.readVideo`):
///
/// - one photo: `image:` (or, without it, the folder's only image file) and `alt:`, the form
///   every post had before posts held several photos;
/// - 1 to `PostPhoto.limit` photos: a `photos:` list whose items are `{image, alt}` mappings
///   (or a file name alone). The list must then name every image file of the folder, once.
struct PostPhotosReader {
    static let itemKeys = ["image", "alt"]

    let assets: AssetReader
    /// `posts/<id>`, relative to the content root.
    let folder: String
    /// The folder's entries, sorted.
    let names: [String]
    let folderIsReal: Bool

    /// The photos, or nil after reporting why there are none.
    func read(_ fields: RecordFields, reader: inout RecordReader) -> [PostPhoto]? {
        guard let list = fields["photos"] else {
            let alt = reader.optionalText(fields, "alt")
            return singlePhoto(fields, alt: alt, reader: &reader).map { [$0] }
        }
        for key in ["image", "alt"] {
            guard let member = fields[key] else { continue }
            reader.report(
                .invalidValue, at: member.keyPosition,
                "'\(key)' cannot stand beside 'photos': give each photo's file and alt text as an item of 'photos' (- image: a.jpg, then alt: on the next line)"
            )
        }
        guard case .array(let items) = list.value.kind else {
            reader.report(.wrongType, at: list.value.position, "'photos' must be a list of photos (- image: a.jpg), found \(list.value.typeName)")
            return nil
        }
        guard !items.isEmpty else {
            reader.report(.missingPhoto, at: list.value.position, "'photos' is empty: name 1 to \(PostPhoto.limit) photo files of the post's folder")
            return nil
        }
        if items.count > PostPhoto.limit {
            reader.report(
                .tooManyPhotos, at: items[PostPhoto.limit].position,
                "a post holds at most \(PostPhoto.limit) photos and 'photos' names \(items.count); move the rest to another post")
        }
        var photos: [PostPhoto] = []
        var firstUse: [String: ContentPosition] = [:]
        var failed = false
        for item in items {
            guard let (reference, referencePosition, alt) = self.item(item, reader: &reader) else {
                failed = true
                continue
            }
            if let first = firstUse[reference] {
                let line = reader.location(of: first).line.map { " on line \($0)" } ?? ""
                reader.report(.duplicatePhoto, at: referencePosition, "'\(reference)' is already named\(line); each photo is named once")
                failed = true
                continue
            }
            firstUse[reference] = referencePosition
            switch media(reference, alt: alt, namedAt: reader.location(of: referencePosition)) {
            case .success(let photo): photos.append(photo)
            case .failure(let problem):
                reader.report(problem.code, at: referencePosition, problem.message)
                failed = true
            }
        }
        let named = Set(firstUse.keys)
        for name in names where AssetReader.isMediaFileName(name) && !name.hasPrefix(".") && !named.contains(name) {
            reader.report(
                .unnamedPhoto, at: list.keyPosition,
                "'\(name)' is in the post's folder but not in 'photos': add it to the list (- image: \(name)) or move it out of the folder")
            failed = true
        }
        return failed || items.count > PostPhoto.limit ? nil : photos
    }

    /// An item of `photos`: its file name, where that is written, and its alt text.
    private func item(_ item: ContentValue, reader: inout RecordReader) -> (String, ContentPosition, String?)? {
        if case .string = item.kind {
            let fields = RecordFields([ContentMember(key: "image", keyPosition: item.position, value: item)])
            return reader.optionalText(fields, "image").map { ($0, item.position, nil) }
        }
        guard let fields = reader.fields(of: item, describedAs: "a photo of 'photos'", allowed: Self.itemKeys, required: ["image"]),
            let reference = reader.optionalText(fields, "image"), let position = fields.position(of: "image")
        else { return nil }
        return (reference, position, reader.optionalText(fields, "alt"))
    }

    struct MediaProblem: Error {
        let code: DiagnosticCode
        let message: String
    }

    /// The photo or video `reference` names, with its alt text.
    private func media(_ reference: String, alt: String?, namedAt location: SourceLocation) -> Result<PostPhoto, MediaProblem> {
        guard AssetReader.isVideoFileName(reference) else {
            switch assets.read(reference: reference, inFolder: folder, folderIsReal: folderIsReal) {
            case .asset(let asset): return .success(PostPhoto(asset: asset, alt: alt))
            case .problem(let code, let message): return .failure(MediaProblem(code: code, message: message))
            }
        }
        switch assets.readVideo(reference: reference, inFolder: folder, folderIsReal: folderIsReal, namedAt: location) {
        case .video(let asset, let details): return .success(PostPhoto(asset: asset, alt: alt, video: details))
        case .problem(let code, let message): return .failure(MediaProblem(code: code, message: message))
        }
    }

    /// The one photo or video of a post without `photos:`: `image:`, else the folder's only one.
    private func singlePhoto(_ fields: RecordFields, alt: String?, reader: inout RecordReader) -> PostPhoto? {
        if let reference = reader.optionalText(fields, "image"), let position = fields.position(of: "image") {
            switch media(reference, alt: alt, namedAt: reader.location(of: position)) {
            case .success(let photo): return photo
            case .failure(let problem):
                reader.report(problem.code, at: position, problem.message)
                return nil
            }
        }
        let candidates = names.filter { AssetReader.isMediaFileName($0) && !$0.hasPrefix(".") }
        guard candidates.count == 1, let only = candidates.first else {
            if candidates.isEmpty {
                reader.report(
                    .missingPhoto, at: .lineColumn(line: 1, column: 1),
                    "the post has no photo: put a \(ImageHeader.Format.extensionList) file (or a \(VideoFormat.extensionList) video) in \(assets.content.shown)\(folder)/"
                )
            } else {
                reader.report(
                    .ambiguousPhoto, at: .lineColumn(line: 1, column: 1),
                    "the folder holds several photos (\(candidates.joined(separator: ", "))); name one with 'image:' in the front matter, or all of them with 'photos:'"
                )
            }
            return nil
        }
        switch media(only, alt: alt, namedAt: reader.location(of: .lineColumn(line: 1, column: 1))) {
        case .success(let photo): return photo
        case .failure(let problem):
            reader.appendDiagnostic(.error(problem.code, stage: .load, at: SourceLocation(path: assets.content.shown + folder + "/" + only), problem.message))
            return nil
        }
    }
}
