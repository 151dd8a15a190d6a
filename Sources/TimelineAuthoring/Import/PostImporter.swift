import TimelineContent
import TimelineModel
import TimelineSystem

/// Writes one post of the export into `posts/<id>/`. A new post's folder is filled under a
/// hidden name (photo decoded from the export, `post.md`, `comments.json`, `likes.json`),
/// checked by the loader's rules and renamed into place. A post whose folder exists keeps its
/// `post.md` and photo, and gains the comments and likes whose IDs it does not have yet.
package struct PostImporter: Sendable {
    package let folder: ContentFolder
    package let directory: UserDirectory
    package let images: [String: JSONStreamReader.StringSpan]
    let extractor: ImageExtractor

    package enum Outcome: Sendable {
        case added(comments: Int, likes: Int)
        case updated(comments: Int, likes: Int)
        case unchanged
        case skipped
    }

    func importPost(_ post: FirebasePost, issues: inout [ImportIssue]) throws(ImportFailure) -> Outcome {
        let author: String
        switch directory.resolve(post.author) {
        case .success(let username): author = username
        case .failure(let problem):
            issues.append(ImportIssue(post.path / "username", skipped: "this post", problem.message))
            return .skipped
        }
        guard let span = images[post.imageID] else {
            issues.append(ImportIssue(post.path / "imageEndpoint", skipped: "this post", "its image '\(post.imageID)' is not under /images"))
            return .skipped
        }
        let comments = resolve(post.comments, issues: &issues)
        let likes = resolve(post.likes, issues: &issues)
        if folder.exists(ContentLayout.postFolder(post.id)) {
            let addedComments = try merge(comments, kind: .comments, into: post, issues: &issues)
            let addedLikes = try merge(likes, kind: .likes, into: post, issues: &issues)
            return addedComments + addedLikes == 0 ? .unchanged : .updated(comments: addedComments, likes: addedLikes)
        }
        if let caption = post.caption, let problem = CaptionLimits.problem(in: caption) {
            issues.append(ImportIssue(post.path / "caption", skipped: "this post", problem.message))
            return .skipped
        }
        return try create(post, author: author, image: span, comments: comments, likes: likes, issues: &issues)
    }

    /// The records whose author is known; the others are reported.
    private func resolve(_ interactions: [FirebasePost.Interaction], issues: inout [ImportIssue]) -> [InteractionRecord] {
        interactions.compactMap { interaction in
            switch directory.resolve(interaction.author) {
            case .success(let username):
                return InteractionRecord(id: interaction.id.rawValue, username: username, text: interaction.text)
            case .failure(let problem):
                issues.append(ImportIssue(interaction.path / "username", skipped: interaction.text == nil ? "this like" : "this comment", problem.message))
                return nil
            }
        }
    }

    private func create(
        _ post: FirebasePost, author: String, image: JSONStreamReader.StringSpan, comments: [InteractionRecord], likes: [InteractionRecord],
        issues: inout [ImportIssue]
    ) throws(ImportFailure) -> Outcome {
        let relativeFolder = ContentLayout.postFolder(post.id)
        let transaction = folder.transaction()
        do {
            let staged = try transaction.stageFolder(relativeFolder)
            let outcome: ImageExtractor.Outcome
            do {
                outcome = try extractor.extract(image, intoFolder: staged)
            } catch {
                throw ImportFailure(at: SourceLocation(path: folder.display(relativeFolder)), error.description)
            }
            if case .unusable(let reason) = outcome {
                issues.append(ImportIssue(JSONPath.root / "images" / post.imageID, skipped: "post '\(post.id)'", reason))
                return .skipped
            }
            var files: [(ContentLayout.PostFolderFile, [UInt8])] = [(.post, PostMarkdown(username: author, caption: post.caption).fileBytes)]
            if !comments.isEmpty { files.append((.comments, InteractionRecord.fileBytes(comments))) }
            if !likes.isEmpty { files.append((.likes, InteractionRecord.fileBytes(likes))) }
            for (file, bytes) in files {
                do {
                    try FileSystem.writeFile(ContentLayout.file(file, in: staged), bytes: bytes)
                } catch {
                    throw ImportFailure(at: SourceLocation(path: folder.display(ContentLayout.file(file, in: relativeFolder))), error.description)
                }
            }
            try transaction.commit { folder.verifyPost(post.id).filter { $0.severity == .error } }
        } catch let failure as ImportFailure {
            throw failure
        } catch let error as AuthoringError {
            return try skipOrFail(error, path: post.path, what: "this post", issues: &issues)
        } catch {
            throw ImportFailure(at: SourceLocation(path: folder.display(relativeFolder)), "\(error)")
        }
        return .added(comments: comments.count, likes: likes.count)
    }

    /// Adds the records whose IDs the post's file lacks; returns how many.
    private func merge(_ records: [InteractionRecord], kind: ContentFolder.Interactions, into post: FirebasePost, issues: inout [ImportIssue])
        throws(ImportFailure) -> Int
    {
        guard !records.isEmpty else { return 0 }
        do {
            let existing = try folder.readInteractions(kind, of: post.id)
            let known = Set(existing.map(\.id))
            let new = records.filter { !known.contains($0.id) }
            guard !new.isEmpty else { return 0 }
            _ = try folder.rewrite(kind, of: post.id, existing + new)
            return new.count
        } catch {
            _ = try skipOrFail(error, path: post.path / kind.rawValue, what: "these \(kind.rawValue)", issues: &issues)
            return 0
        }
    }

    /// A record the content rules refuse is reported and skipped; a failure to write stops the import.
    private func skipOrFail(_ error: AuthoringError, path: JSONPath, what: String, issues: inout [ImportIssue]) throws(ImportFailure) -> Outcome {
        guard error.reason == .invalidContent else { throw ImportFailure.writing(error) }
        let detail = error.diagnostics.first(where: { $0.severity == .error }).map { "\($0)" } ?? error.description
        issues.append(ImportIssue(path, skipped: what, detail))
        return .skipped
    }
}
