import Foundation

/// Firebase exports of the original app for the import tests: the sample records of the
/// domain brief (the post with two comments and two likes by the same user, the user whose
/// name key is `user`, follows keyed by uid), with real photos as Base64 JPEG strings.
package enum FirebaseExportFixture {
    package static let calebUID = "17c014cb-5cc1-4884-977b-471482d9e484"
    package static let hanUID = "c6c2fbe1-c86c-4b47-a78b-5d991c8f19fb"
    package static let inesUID = "f8270303-6656-453a-a2e6-8c5eeece73b7"
    package static let samplePostID = "-K25Fj8qrMAtxXG3QCSn"
    package static let sampleImageID = "-K25Fj8p2ArUMz3awt3T"
    package static let coffeePostID = "-K3d5SS4ZpLjcbBJ5UIt"
    package static let coffeeImageID = "-K3d5SS3xUvbqPWc9nMm"

    package static var rocketPhoto: String { RepositoryPaths.samplePhoto }
    package static var coffeePhoto: String { RepositoryPaths.content + "/posts/-K3d5SS4ZpLjcbBJ5UIt/coffee.jpg" }

    package static func base64(_ path: String) throws -> String {
        try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString()
    }

    /// The export as a JSON object (dictionaries and arrays for JSONSerialization).
    package static func sample() throws -> [String: Any] {
        let post = samplePostID
        return [
            "users": [
                calebUID: [
                    "bio": "I wear fancy pants. ",
                    "follows": [hanUID: true, inesUID: true],
                    "url": "http://calebhicks.com/",
                    "user": "calebhicks",
                ],
                hanUID: ["username": "hansolo", "follows": [calebUID: true]],
                inesUID: ["user": "ines_duarte", "bio": "Photographer in Lisbon."],
            ],
            "posts": [
                post: [
                    "username": "hansolo",
                    "imageEndpoint": sampleImageID,
                    "comments": [
                        "-K28xPOXBBXdCrFx-EAY": ["post": post, "text": "I'd love to cliff dive off that.", "username": "calebhicks"],
                        "-K28xzlhs8ArmgB6bcCB": ["post": post, "text": "Who wants in?", "username": "calebhicks"],
                    ],
                    "likes": [
                        "-K28OeV3MmD0l9DbNufW": ["post": post, "username": "calebhicks"],
                        "-K28xx1BC5pnQNXDxym6": ["post": post, "username": "calebhicks"],
                    ],
                ],
                coffeePostID: ["username": "ines_duarte", "imageEndpoint": coffeeImageID, "caption": "Morning at Café Lisboa ☕ — *best galão in town*."],
            ],
            "images": [
                sampleImageID: try base64(rocketPhoto),
                coffeeImageID: try base64(coffeePhoto),
            ],
        ]
    }

    /// Writes `export` as Firebase does: sorted keys, pretty-printed. JSONSerialization writes
    /// `/` as `\/`, so the Base64 of the images carries escapes, as some exporters write it.
    package static func write(_ export: [String: Any], to path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: export, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: URL(fileURLWithPath: path))
    }
}
