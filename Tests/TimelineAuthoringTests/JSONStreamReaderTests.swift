import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// The streaming reader the import walks an export with, and the Base64 decoder that turns an
/// image's text into its file, both fed in pieces as small as a few bytes.
@Suite("Streaming JSON and Base64")
struct JSONStreamReaderTests {
    static let document = """
        \u{FEFF}{
          "users": {"u1": {"user": "calebhicks", "follows": {"u2": true}}, "u2": {"username": "han\\u00e9\\ud83d\\ude80", "n": [1, -2.5e3, 0, true, false, null, [], {}]}},
          "images": {"i1": "QUJD\\/REVG", "i2": ""},
          "posts": {"p1": {"caption": "a \\"quoted\\" \\\\ word", "deep": [[[{"x": [{}]}]]]}}
        }
        """

    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every member of every second-level object, captured, as JSONParser reads it.
    func walk(_ path: String, bufferSize: Int) throws -> [String] {
        let reader = try JSONStreamReader(path: path, bufferSize: bufferSize)
        var seen: [String] = []
        try reader.skipByteOrderMark()
        try reader.beginObject()
        while let (section, _) = try reader.nextKey() {
            try reader.beginObject()
            while let (key, _) = try reader.nextKey() {
                if section == "images" {
                    let span = try reader.stringSpan()
                    let bytes = try #require(FileManager.default.contents(atPath: path))[span.offset..<span.offset + span.length]
                    seen.append("\(section)/\(key)=\(String(decoding: bytes, as: UTF8.self))")
                } else {
                    let (bytes, _) = try reader.captureValue(limit: 1 << 20)
                    let value = try JSONParser.parse(try #require(bytes))
                    seen.append("\(section)/\(key)=\(Self.describe(value))")
                }
            }
        }
        try reader.finish()
        return seen
    }

    static func describe(_ value: ContentValue) -> String {
        switch value.kind {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let text): text
        case .string(let text): "'\(text)'"
        case .array(let elements): "[" + elements.map(describe).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\($0.key):\(describe($0.value))" }.joined(separator: ",") + "}"
        }
    }

    @Test("members, captured values and string spans are the same whatever the buffer size", arguments: [16, 17, 23, 64, 1 << 20])
    func walkDocument(bufferSize: Int) throws {
        let path = try file(Self.document)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try walk(path, bufferSize: bufferSize) == [
                "users/u1={user:'calebhicks',follows:{u2:true}}",
                "users/u2={username:'hané🚀',n:[1,-2.5e3,0,true,false,null,[],{}]}",
                "images/i1=QUJD\\/REVG",
                "images/i2=",
                "posts/p1={caption:'a \"quoted\" \\ word',deep:[[[{x:[{}]}]]]}",
            ])
    }

    @Test("skipping checks the syntax and stops at the end of the value", arguments: [16, 1 << 20])
    func skipping(bufferSize: Int) throws {
        let path = try file(Self.document)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try JSONStreamReader(path: path, bufferSize: bufferSize)
        try reader.skipByteOrderMark()
        try reader.skipValue()
        try reader.finish()
    }

    @Test("a value larger than the capture limit gives no bytes, and reading goes on")
    func captureLimit() throws {
        let path = try file(#"{"big": "\#(String(repeating: "x", count: 5000))", "next": [1]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try JSONStreamReader(path: path, bufferSize: 64)
        try reader.beginObject()
        _ = try reader.nextKey()
        #expect(try reader.captureValue(limit: 1000).bytes == nil)
        #expect(try reader.nextKey()?.key == "next")
        #expect(try reader.captureValue(limit: 1000).bytes == Array("[1]".utf8))
        #expect(try reader.nextKey() == nil)
    }

    @Test(
        "syntax errors stop with the offset of the fault",
        arguments: [
            ("{\"a\": [1, 2,]}", 12), ("{\"a\" 1}", 5), ("{\"a\": tru}", 6), ("{\"a\": 01}", 6), ("{\"a\": \"\\x\"}", 7),
            ("{\"a\": \"\\u12G4\"}", 7), ("{\"a\": \"open}", 6), ("{\"a\": 1 \"b\": 2}", 8), ("{\"a\": -}", 7), ("{\"a\": 1.}", 8),
        ])
    func syntaxErrors(text: String, offset: Int) throws {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try JSONStreamReader(path: path, bufferSize: 16)
        #expect {
            try reader.skipValue()
            try reader.finish()
        } throws: { error in
            (error as? JSONStreamReader.SyntaxError)?.offset == offset
        }
    }

    // MARK: Base64

    func decode(_ text: String, pieceSize: Int) throws(Base64Decoder.Problem) -> [UInt8] {
        var decoder = Base64Decoder()
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + pieceSize, bytes.count)
            try bytes[start..<end].withUnsafeBufferPointer { piece throws(Base64Decoder.Problem) in try decoder.decode(piece, into: &output) }
            start = end
        }
        try decoder.finish(into: &output)
        return output
    }

    @Test("Base64 decodes in any pieces, with padding or without, through JSON escapes and line breaks", arguments: [1, 2, 3, 5, 4096])
    func base64(pieceSize: Int) throws {
        var generator = SplitMix(seed: UInt64(pieceSize))
        for length in [0, 1, 2, 3, 4, 5, 100, 1000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let encoded = Data(bytes).base64EncodedString()
            #expect(try decode(encoded, pieceSize: pieceSize) == bytes)
            #expect(try decode(encoded.replacingOccurrences(of: "=", with: ""), pieceSize: pieceSize) == bytes)
            let escaped = encoded.replacingOccurrences(of: "/", with: "\\/").replacingOccurrences(of: "+", with: "\\u002B")
            #expect(try decode(escaped, pieceSize: pieceSize) == bytes)
            let wrapped = Data(bytes).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
            #expect(try decode(wrapped.replacingOccurrences(of: "\n", with: "\\n"), pieceSize: pieceSize) == bytes)
            let urlSafe = encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            #expect(try decode(urlSafe, pieceSize: pieceSize) == bytes)
        }
    }

    @Test(
        "Base64 problems say where they are",
        arguments: [
            ("QUJD!", 5, "'!' is not a Base64 character"), ("QQ==QQ==", 5, "data after the '=' padding"), ("Q===", 2, "misplaced '=' padding"),
            ("QUJDR", 6, "the Base64 text is cut short (a lone character at its end)"), ("QU\\\"JD", 3, "the escape '\\\"' has no place in Base64"),
            ("QU\\u00e9JD", 3, "the character U+E9 has no place in Base64"), ("QUJD\\", 6, "the text ends inside an escape"),
        ])
    func base64Problems(text: String, position: Int, message: String) {
        #expect(throws: Base64Decoder.Problem(position: position - 1, message: message)) {
            _ = try decode(text, pieceSize: 2)
        }
    }
}
