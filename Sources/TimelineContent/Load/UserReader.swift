import TimelineModel

/// Reads one `users/<username>.json`.
package struct UserReader {
    package static let keys = ["username", "name", "bio", "url", "avatar", "follows", "extra"]

    package let assets: AssetReader

    package init(assets: AssetReader) {
        self.assets = assets
    }

    package func read(_ file: SourceFile, expectedUsername: String) -> (User?, [Diagnostic]) {
        var reader = RecordReader(file: file)
        guard let value = reader.parseJSON() else { return (nil, reader.diagnostics) }
        guard let fields = reader.fields(of: value, describedAs: "a user", allowed: Self.keys, required: ["username"]),
            let username = reader.string(fields, "username"), let usernamePosition = fields.position(of: "username")
        else {
            return (nil, reader.diagnostics)
        }
        guard Username.isValid(username) else {
            reader.report(
                .invalidUsername, at: usernamePosition,
                "invalid username '\(username)': \(Username.rules)")
            return (nil, reader.diagnostics)
        }
        if username != expectedUsername {
            reader.report(.usernameMismatch, at: usernamePosition, "username '\(username)' does not match the file name '\(expectedUsername).json'")
        }
        let name = reader.optionalText(fields, "name")
        let bio = reader.optionalText(fields, "bio")
        var url = reader.optionalText(fields, "url")
        if let candidate = url, let position = fields.position(of: "url"), !WebURL.isHTTP(candidate) {
            reader.report(.unsafeURL, at: position, "url must be an http or https address, found '\(candidate)'")
            url = nil
        }
        var avatar: ContentAsset?
        if let reference = reader.optionalText(fields, "avatar"), let position = fields.position(of: "avatar") {
            switch assets.read(reference: reference, inFolder: ContentLayout.usersFolder) {
            case .asset(let asset): avatar = asset
            case .problem(let code, let message): reader.report(code, at: position, message)
            }
        }
        var follows: [UserReference] = []
        for element in reader.array(fields, "follows") {
            guard case .string(let followed) = element.kind else {
                reader.report(.wrongType, at: element.position, "each entry of 'follows' must be a username string, found \(element.typeName)")
                continue
            }
            follows.append(UserReference(username: followed, location: reader.location(of: element.position)))
        }
        var user = User(
            username: username, name: name, bio: bio, url: url, avatar: avatar, follows: follows,
            source: reader.location(of: usernamePosition))
        user.extra = reader.extra(fields)
        return (user, reader.diagnostics)
    }
}
