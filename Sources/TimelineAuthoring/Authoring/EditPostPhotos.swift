import TimelineContent
import TimelineModel
import TimelineSystem

extension ContentAuthor.EditPost {
    /// What `timeline edit post` does to a post's photos. Numbers count from 1 and name the
    /// photos as the post has them before the edit: removed ones go, the rest take `order`
    /// (when given), and added ones come last, in the order given.
    public struct PhotoChanges: Sendable {
        /// Files anywhere, each copied into the post's folder.
        public var add: [String]
        /// The added photos' text alternatives, in their order.
        public var addAlts: [String]
        public var remove: [Int]
        /// Every photo kept, by its number, in its new place.
        public var order: [Int]?

        public init(add: [String] = [], addAlts: [String] = [], remove: [Int] = [], order: [Int]? = nil) {
            self.add = add
            self.addAlts = addAlts
            self.remove = remove
            self.order = order
        }

        public var isEmpty: Bool { add.isEmpty && remove.isEmpty && order == nil }
    }
}

extension ContentAuthor {
    /// One photo as the edit lays out the new list: its file name in the post's folder, where
    /// it comes from when it is added, and its alt text.
    private struct PlannedPhoto {
        let name: String
        let source: String?
        var alt: String?
    }

    /// An edit of a post's photos (and, with them, its caption, date or one photo's alt text):
    /// the front matter's `image`, `alt` and `photos` are replaced by the new list, added
    /// files copied in, removed files deleted, all in one transaction checked by the loader.
    func editPhotos(_ request: EditPost, of id: ContentID, file old: PostFile) throws(AuthoringError) -> AuthoringResult {
        let relativeFolder = ContentLayout.postFolder(id)
        let file = ContentLayout.file(.post, ofPost: id)
        let shown = folder.display(file)
        guard let post = PostReader(assets: folder.assets).read(id: id, folder: relativeFolder).0 else {
            throw AuthoringError(.invalidContent, at: SourceLocation(path: shown), "fix this post first; it was left as it is")
        }
        let current = post.photos.map { photo in
            PlannedPhoto(name: String(photo.asset.relativePath.dropFirst(relativeFolder.count + 1)), source: nil, alt: photo.alt)
        }
        let changes = request.photos
        let numbers = 1...current.count
        for number in changes.remove + (changes.order ?? []) + (request.photo.map { [$0] } ?? []) where !numbers.contains(number) {
            throw AuthoringError(.invalidArgument, "the post has \(current.count) photo\(current.count == 1 ? "" : "s"): \(number) is not one of them")
        }
        let removed = Set(changes.remove)
        var kept = numbers.filter { !removed.contains($0) }
        if let order = changes.order {
            guard order.sorted() == kept else {
                throw AuthoringError(
                    .invalidArgument, "--order must name every photo the post keeps once (\(kept.map(String.init).joined(separator: ","))), in the new order")
            }
            kept = order
        }
        var planned = kept.map { current[$0 - 1] }
        if let alt = request.alt {
            guard let number = request.photo ?? (current.count == 1 ? 1 : nil) else {
                throw AuthoringError(.invalidArgument, "the post has \(current.count) photos: say which one the alt text is for with --photo <number>")
            }
            guard !removed.contains(number), let index = planned.firstIndex(where: { $0.name == current[number - 1].name }) else {
                throw AuthoringError(.invalidArgument, "photo \(number) is removed by this edit; its alt text cannot change")
            }
            guard Self.nonBlank(alt) != nil else { throw AuthoringError(.invalidArgument, "--alt is empty; give the new alt text") }
            planned[index].alt = alt
        } else if request.photo != nil {
            throw AuthoringError(.invalidArgument, "--photo says which photo --alt is for; give --alt")
        }
        guard changes.addAlts.count <= changes.add.count else {
            throw AuthoringError(.invalidArgument, "\(changes.addAlts.count) --add-alt for \(changes.add.count) added photos; give at most one per added photo")
        }
        let entries = Set(((try? FileSystem.entries(of: folder.absolute(relativeFolder))) ?? []).map { $0.lowercased() })
        var taken = entries.union(planned.map { $0.name.lowercased() })
        for (index, source) in changes.add.enumerated() {
            let fileExtension = try Self.mediaExtension(of: source, option: "--add-photo \(source)")
            let unique = Self.unclaimedName(Self.photoFileName(for: source, extension: fileExtension), extension: fileExtension, taken: &taken)
            planned.append(
                PlannedPhoto(name: unique, source: source, alt: changes.addAlts.indices.contains(index) ? Self.nonBlank(changes.addAlts[index]) : nil))
        }
        guard (1...PostPhoto.limit).contains(planned.count) else {
            throw AuthoringError(.invalidArgument, "a post holds 1 to \(PostPhoto.limit) photos; this edit would leave \(planned.count)")
        }

        var edit = PostFileEdit(text: old.text, frontMatter: old.frontMatter)
        var markdown = PostMarkdown(username: "")
        if planned.count == 1 {
            markdown.image = planned[0].name
            markdown.alt = planned[0].alt
        } else {
            markdown.photos = planned.map { ($0.name, $0.alt) }
        }
        edit.replaceEntries(["image", "alt", "photos"], with: markdown.photoLines)
        if let caption = request.caption { edit.setCaption(caption) }
        if let date = request.date {
            guard Self.nonBlank(date) != nil, ISODate.milliseconds(from: date) != nil else {
                throw AuthoringError(.invalidArgument, "--date " + ISODate.expectation(found: date))
            }
            do {
                try edit.set("date", to: date, isPresent: old.names("date"))
            } catch {
                throw AuthoringError(
                    .invalidContent, at: SourceLocation(path: shown),
                    "'date' is not written as a plain 'key: value' line that this command can change; edit the file by hand")
            }
        }
        let bytes = edit.bytes
        if changes.add.isEmpty, removed.isEmpty, bytes == Array(old.text.utf8) {
            return AuthoringResult("post \(id) is already as asked; nothing changed", path: shown, changed: false)
        }
        let transaction = folder.transaction()
        try transaction.write(file, bytes: bytes)
        for photo in planned {
            if let source = photo.source { try transaction.copy(from: source, to: relativeFolder + "/" + photo.name) }
        }
        for number in removed.sorted() { try transaction.remove(relativeFolder + "/" + current[number - 1].name) }
        let expected = planned.map { ($0.name, $0.alt) }
        let warnings = try transaction.commit {
            let (written, problems) = PostReader(assets: folder.assets).read(id: id, folder: relativeFolder)
            let photos = written?.photos.map { (String($0.asset.relativePath.dropFirst(relativeFolder.count + 1)), $0.alt) } ?? []
            guard photos.map(\.0) == expected.map(\.0), photos.map(\.1) == expected.map(\.1) else {
                return problems + [
                    .error(.invalidValue, stage: .load, at: SourceLocation(path: shown), "the rewritten file gives different photos; nothing was changed")
                ]
            }
            return problems
        }
        var changed: [String] = []
        if !changes.add.isEmpty { changed.append("\(changes.add.count) photo\(changes.add.count == 1 ? "" : "s") added") }
        if !removed.isEmpty { changed.append("\(removed.count) removed") }
        if changes.order != nil { changed.append("reordered") }
        if request.alt != nil { changed.append("alt") }
        if request.caption != nil { changed.append("caption") }
        if request.date != nil { changed.append("date") }
        return AuthoringResult("Updated post \(id) (\(changed.joined(separator: ", "))): \(shown)", path: shown, warnings: warnings)
    }
}
