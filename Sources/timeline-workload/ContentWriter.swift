/// Writes the site content format: site.json, users/<username>.json, and
/// posts/<id>/{post.md, photo.png, comments.json, likes.json}.
struct ContentWriter: Sendable {
    /// Posts are handed to workers in chunks of this many, round robin.
    static let chunkSize = 256

    let output: OutputDirectory
    let settings: WorkloadSettings

    private var photoSources: PhotoSources {
        PhotoSources(output: output, postCount: settings.postCount)
    }

    /// Creates the top-level folders, site.json and the shared photo files.
    func writeSkeleton() throws {
        try WorkloadFiles.makeDirectory(output.child(OutputDirectory.markerFolder))
        for path in photoSources.paths {
            try WorkloadFiles.write(PlaceholderPhoto.pngBytes, to: path)
        }
        try WorkloadFiles.write(siteJSON(), to: output.child("site.json"))
        try WorkloadFiles.makeDirectory(output.child("users"))
        try WorkloadFiles.makeDirectory(output.child("posts"))
    }

    func writeUsers(of community: Community) throws {
        let usernames = community.usernames
        var buffer: [UInt8] = []
        for profile in community.profiles {
            buffer.removeAll(keepingCapacity: true)
            appendUserJSON(profile, usernames: usernames, to: &buffer)
            try WorkloadFiles.write(buffer, to: output.child("users/\(profile.username).json"))
        }
    }

    /// Writes the posts of every `workerCount`-th chunk, starting at chunk `worker`.
    func writePosts(planner: PostPlanner, usernames: [String], worker: Int, workerCount: Int) throws -> PostTotals {
        var totals = PostTotals()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        var chunkStart = worker * ContentWriter.chunkSize
        while chunkStart < settings.postCount {
            for postIndex in chunkStart..<min(chunkStart + ContentWriter.chunkSize, settings.postCount) {
                let post = planner.plan(postIndex: postIndex)
                let folder = output.child("posts/" + post.id.text)
                try WorkloadFiles.makeDirectory(folder)

                buffer.removeAll(keepingCapacity: true)
                appendPostMarkdown(post, usernames: usernames, to: &buffer)
                try WorkloadFiles.write(buffer, to: folder + "/post.md")

                try WorkloadFiles.linkOrCopy(from: photoSources.path(forPostIndex: postIndex), to: folder + "/photo.png")

                if !post.comments.isEmpty {
                    buffer.removeAll(keepingCapacity: true)
                    appendCommentsJSON(post.comments, usernames: usernames, to: &buffer)
                    try WorkloadFiles.write(buffer, to: folder + "/comments.json")
                }
                if !post.likes.isEmpty {
                    buffer.removeAll(keepingCapacity: true)
                    appendLikesJSON(post.likes, usernames: usernames, to: &buffer)
                    try WorkloadFiles.write(buffer, to: folder + "/likes.json")
                }
                totals.posts += 1
                totals.comments += post.comments.count
                totals.likes += post.likes.count
            }
            chunkStart += workerCount * ContentWriter.chunkSize
        }
        return totals
    }

    /// The most posts a generated album holds.
    static let albumSize = 12

    /// One album per user with posts, `albums/<username>/newest.md`: their newest posts, at
    /// most `albumSize`, oldest first.
    func writeAlbums(planner: PostPlanner, usernames: [String]) throws {
        var posts = [[String]](repeating: [], count: usernames.count)
        for postIndex in 0..<settings.postCount {
            let post = planner.plan(postIndex: postIndex)
            posts[post.author].append(post.id.text)
        }
        try WorkloadFiles.makeDirectory(output.child("albums"))
        for (user, all) in posts.enumerated() where !all.isEmpty {
            // Push IDs sort by time: the last ones are the newest.
            let ids = all.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.suffix(Self.albumSize)
            let folder = output.child("albums/\(usernames[user])")
            try WorkloadFiles.makeDirectory(folder)
            var text = "---\ntitle: Newest of \(usernames[user])\nposts:\n"
            for id in ids { text += "  - \"\(id)\"\n" }
            text += "---\nThe newest photos of @\(usernames[user]).\n"
            try WorkloadFiles.write(Array(text.utf8), to: folder + "/newest.md")
        }
    }

    // MARK: - Formats

    private func siteJSON() -> [UInt8] {
        let description = "Synthetic timeline of \(settings.userCount) users and \(settings.postCount) posts (seed \(settings.seed))."
        var buffer: [UInt8] = []
        buffer.append(contentsOf: "{\n  \"title\": ".utf8)
        TextEscaping.appendQuoted("Workload", to: &buffer)
        buffer.append(contentsOf: ",\n  \"description\": ".utf8)
        TextEscaping.appendQuoted(description, to: &buffer)
        buffer.append(contentsOf: ",\n  \"baseURL\": ".utf8)
        TextEscaping.appendQuoted(settings.baseURL, to: &buffer)
        buffer.append(contentsOf: ",\n  \"language\": ".utf8)
        TextEscaping.appendQuoted("en", to: &buffer)
        // The page benchmark measures pages; `make bench-images` measures the image pipeline.
        buffer.append(contentsOf: ",\n  \"pageSize\": 12,\n  \"feedDepth\": 10,\n  \"images\": {\"process\": false}\n}\n".utf8)
        return buffer
    }

    private func appendUserJSON(_ profile: UserProfile, usernames: [String], to buffer: inout [UInt8]) {
        buffer.append(contentsOf: "{\n  \"username\": ".utf8)
        TextEscaping.appendQuoted(profile.username, to: &buffer)
        let optionalFields = [("name", profile.name), ("bio", profile.bio), ("url", profile.url)]
        for (key, value) in optionalFields {
            guard let value else {
                continue
            }
            buffer.append(contentsOf: ",\n  \"\(key)\": ".utf8)
            TextEscaping.appendQuoted(value, to: &buffer)
        }
        buffer.append(contentsOf: ",\n  \"follows\": [".utf8)
        for (position, followed) in profile.follows.enumerated() {
            if position > 0 {
                buffer.append(contentsOf: ", ".utf8)
            }
            TextEscaping.appendQuoted(usernames[followed], to: &buffer)
        }
        buffer.append(contentsOf: "]\n}\n".utf8)
    }

    /// YAML front matter (username, alt) between `---` lines, then the caption.
    /// Usernames are plain `[a-z0-9_]` words starting with a letter, safe unquoted.
    private func appendPostMarkdown(_ post: PostPlan, usernames: [String], to buffer: inout [UInt8]) {
        buffer.append(contentsOf: "---\nusername: ".utf8)
        buffer.append(contentsOf: usernames[post.author].utf8)
        buffer.append(contentsOf: "\nalt: ".utf8)
        TextEscaping.appendQuoted(post.alt, to: &buffer)
        buffer.append(contentsOf: "\n---\n".utf8)
        if !post.caption.isEmpty {
            buffer.append(contentsOf: post.caption.utf8)
            buffer.append(UInt8(ascii: "\n"))
        }
    }

    private func appendCommentsJSON(_ comments: [CommentPlan], usernames: [String], to buffer: inout [UInt8]) {
        appendRecords(
            comments, id: \.id.text, author: { usernames[$0.author] }, to: &buffer,
            extraFields: { comment, buffer in
                buffer.append(contentsOf: ", \"text\": ".utf8)
                TextEscaping.appendQuoted(comment.text, to: &buffer)
            })
    }

    private func appendLikesJSON(_ likes: [LikePlan], usernames: [String], to buffer: inout [UInt8]) {
        appendRecords(likes, id: \.id.text, author: { usernames[$0.author] }, to: &buffer, extraFields: { _, _ in })
    }

    /// A JSON array of `{"id", "username", …}` records, one a line.
    private func appendRecords<Record>(
        _ records: [Record], id: (Record) -> String, author: (Record) -> String, to buffer: inout [UInt8],
        extraFields: (Record, inout [UInt8]) -> Void
    ) {
        buffer.append(contentsOf: "[\n".utf8)
        for (position, record) in records.enumerated() {
            buffer.append(contentsOf: "  {\"id\": ".utf8)
            TextEscaping.appendQuoted(id(record), to: &buffer)
            buffer.append(contentsOf: ", \"username\": ".utf8)
            TextEscaping.appendQuoted(author(record), to: &buffer)
            extraFields(record, &buffer)
            buffer.append(contentsOf: (position + 1 < records.count ? "},\n" : "}\n").utf8)
        }
        buffer.append(contentsOf: "]\n".utf8)
    }
}
