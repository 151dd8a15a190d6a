import TimelineModel

/// A strict RFC 8259 JSON parser that keeps the byte offset of every value and key.
/// Foundation's decoders drop positions, and we need them for `file:line:column` errors.
package struct JSONParser {
    package struct SyntaxError: Error, Sendable {
        package let offset: Int
        package let message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 256

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> ContentValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw SyntaxError(offset: parser.index, message: "unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return value
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func parseValue() throws(SyntaxError) -> ContentValue {
        guard index < bytes.count else { throw SyntaxError(offset: index, message: "expected a value, found end of file") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return ContentValue(kind: .string(try parseString()), position: .offset(start))
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return ContentValue(kind: .bool(true), position: .offset(start))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return ContentValue(kind: .bool(false), position: .offset(start))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return ContentValue(kind: .null, position: .offset(start))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw SyntaxError(offset: index, message: "expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else {
                throw SyntaxError(offset: start, message: "invalid literal; expected '\(literal)'")
            }
            index += 1
        }
    }

    private mutating func enterContainer() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw SyntaxError(offset: index, message: "nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> ContentValue {
        let start = index
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var members: [ContentMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return ContentValue(kind: .object(members), position: .offset(start))
        }
        // Most objects are records of a few keys (a like, a comment), which grown from empty
        // took two allocations each.
        members.reserveCapacity(4)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw SyntaxError(offset: index, message: "expected a key in double quotes, found \(describeCurrent())")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw SyntaxError(offset: index, message: "expected ':' after key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(ContentMember(key: key, keyPosition: .offset(keyOffset), value: value))
            skipWhitespace()
            guard index < bytes.count else { throw SyntaxError(offset: index, message: "unterminated object: expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return ContentValue(kind: .object(members), position: .offset(start))
            }
            throw SyntaxError(offset: index, message: "expected ',' or '}' in object, found \(describeCurrent())")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> ContentValue {
        let start = index
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var elements: [ContentValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return ContentValue(kind: .array(elements), position: .offset(start))
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw SyntaxError(offset: index, message: "unterminated array: expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return ContentValue(kind: .array(elements), position: .offset(start))
            }
            throw SyntaxError(offset: index, message: "expected ',' or ']' in array, found \(describeCurrent())")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> ContentValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
                count += 1
            }
            return count
        }
        let integerStart = index
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw SyntaxError(offset: index, message: "invalid number") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw SyntaxError(offset: integerStart, message: "invalid number: leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw SyntaxError(offset: index, message: "invalid number: expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw SyntaxError(offset: index, message: "invalid number: expected exponent digits") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return ContentValue(kind: .number(text), position: .offset(start))
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = index
        index += 1
        var scratch: [UInt8] = []
        var segmentStart = index
        // The bytes of the string ORed together: below 0x80, it is ASCII and needs no validation
        // (`String(validating:)` took a quarter of reading a post's likes and comments).
        var seenBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string: String?
                if scratch.isEmpty {
                    // No escape: the text straight from the file's bytes, with no copy between.
                    let range = segmentStart..<index
                    string = bytes.withUnsafeBufferPointer { buffer in
                        let text = UnsafeBufferPointer(rebasing: buffer[range])
                        return seenBits < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
                    }
                } else {
                    scratch.append(contentsOf: bytes[segmentStart..<index])
                    string = String(validating: scratch, as: UTF8.self)
                }
                index += 1
                guard let string else {
                    throw SyntaxError(offset: start, message: "string is not valid UTF-8")
                }
                return string
            }
            if byte < 0x20 {
                throw SyntaxError(offset: index, message: "control character in string; write it as an escape such as \\n")
            }
            seenBits |= byte
            if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: bytes[segmentStart..<index])
                try parseEscape(into: &scratch)
                segmentStart = index
                continue
            }
            index += 1
        }
        throw SyntaxError(offset: start, message: "unterminated string")
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(SyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw SyntaxError(offset: escapeStart, message: "unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw SyntaxError(offset: escapeStart, message: "unpaired UTF-16 surrogate in \\u escape")
                }
                index += 2
                let low = try parseHexQuad(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw SyntaxError(offset: escapeStart, message: "unpaired UTF-16 surrogate in \\u escape")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw SyntaxError(offset: escapeStart, message: "unpaired UTF-16 surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw SyntaxError(offset: escapeStart, message: "invalid \\u escape")
            }
            scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw SyntaxError(offset: escapeStart, message: "invalid escape '\\\(Character(UnicodeScalar(byte)))'")
        }
    }

    private mutating func parseHexQuad(escapeStart: Int) throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw SyntaxError(offset: escapeStart, message: "incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw SyntaxError(offset: escapeStart, message: "invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
