import TimelineContent
import TimelineModel
import TimelineSystem

/// Reads a JSON file front to back through a fixed buffer, so that a file of gigabytes costs
/// the buffer and the one record in hand. The caller walks the structure: `beginObject` and
/// `nextKey` step through an object's members; `skipValue` passes over a value while checking
/// its syntax; `captureValue` returns one value's bytes (a user, a post) for `JSONParser`;
/// `stringSpan` passes over a string and returns where its contents lie in the file (an
/// image's Base64), without holding it. Every position is a byte offset in the file.
package final class JSONStreamReader {
    package struct SyntaxError: Error, Sendable {
        package let offset: Int
        package let message: String
    }

    package enum ValueKind: Sendable {
        case object, array, string, number, literal
    }

    /// Where a string's contents (between the quotes, escapes as written) lie in the file.
    package struct StringSpan: Sendable {
        package let offset: Int
        package let length: Int
    }

    static let maximumDepth = 256

    private let file: ReadableFile
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// File offset of `buffer[0]`; the next byte is `buffer[start]`, valid bytes end at `end`.
    private var bufferOffset = 0
    private var start = 0
    private var end = 0
    /// Per open object: true until its first member has been read.
    private var objectIsEmpty: [Bool] = []

    /// While capturing: the bytes so far, where in the buffer the uncopied part starts, and
    /// the most to keep (past it the capture is dropped and only the syntax is checked).
    private var capture: [UInt8]?
    private var captureFrom = 0
    private var captureLimit = Int.max
    private var captureOverflowed = false

    /// Opens `path`; `bufferSize` is small in tests, to cross every refill boundary.
    init(path: String, bufferSize: Int = 1 << 20) throws(FileSystem.Failure) {
        file = try ReadableFile(path)
        buffer = .allocate(capacity: max(bufferSize, 16))
    }

    deinit {
        buffer.deallocate()
    }

    /// The file offset of the next unread byte.
    package var offset: Int { bufferOffset + start }

    /// Continues reading at `offset` (which must be where a value starts), outside any object.
    func seek(to offset: Int) {
        bufferOffset = offset
        start = 0
        end = 0
        objectIsEmpty = []
    }

    // MARK: Bytes

    /// Reads more of the file after `end`, first dropping what has been consumed. False at the end.
    private func refill() throws(SyntaxError) -> Bool {
        if capture != nil { flushCapture() }
        if start > 0 {
            let remaining = end - start
            if remaining > 0, let base = buffer.baseAddress { UnsafeMutableRawPointer(base).copyMemory(from: base + start, byteCount: remaining) }
            bufferOffset += start
            captureFrom -= start
            end = remaining
            start = 0
        }
        guard end < buffer.count, let base = buffer.baseAddress else { return true }
        do {
            let count = try file.read(into: UnsafeMutableRawBufferPointer(start: base + end, count: buffer.count - end), at: bufferOffset + end)
            end += count
            return count > 0
        } catch {
            throw SyntaxError(offset: bufferOffset + end, message: "cannot read the file: \(error.reason)")
        }
    }

    /// The next byte without consuming it; nil at the end of the file.
    @inline(__always)
    private func peek() throws(SyntaxError) -> UInt8? {
        if start == end, !(try refill()) { return nil }
        return buffer[start]
    }

    /// Consumes and returns the next byte, which must exist.
    @inline(__always)
    private func take(_ what: @autoclosure () -> String) throws(SyntaxError) -> UInt8 {
        guard let byte = try peek() else { throw SyntaxError(offset: offset, message: "unexpected end of file; expected \(what())") }
        start += 1
        return byte
    }

    private func skipWhitespace() throws(SyntaxError) {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: start += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private func expect(_ expected: UInt8, _ what: String) throws(SyntaxError) {
        try skipWhitespace()
        let found = try peek()
        guard found == expected else { throw SyntaxError(offset: offset, message: "expected \(what), found \(describe(found))") }
        start += 1
    }

    // MARK: Structure

    /// Skips a byte order mark at the very start of the file.
    func skipByteOrderMark() throws(SyntaxError) {
        guard offset == 0, try peek() == 0xEF else { return }
        for byte: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard try take("a byte order mark") == byte else { throw SyntaxError(offset: 0, message: "invalid byte order mark") }
        }
    }

    /// The kind of the next value, without consuming it.
    func peekKind() throws(SyntaxError) -> ValueKind {
        try skipWhitespace()
        guard let byte = try peek() else { throw SyntaxError(offset: offset, message: "expected a value, found end of file") }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        case let other: throw SyntaxError(offset: offset, message: "expected a value, found \(describe(other))")
        }
    }

    /// Enters the object that comes next.
    package func beginObject() throws(SyntaxError) {
        guard objectIsEmpty.count < Self.maximumDepth else { throw SyntaxError(offset: offset, message: "nesting deeper than \(Self.maximumDepth) levels") }
        try expect(UInt8(ascii: "{"), "'{'")
        objectIsEmpty.append(true)
    }

    /// The next key of the object entered last, with its offset, leaving the reader at its
    /// value; nil after the closing brace.
    func nextKey() throws(SyntaxError) -> (key: String, offset: Int)? {
        guard let isFirst = objectIsEmpty.last else { throw SyntaxError(offset: offset, message: "not inside an object") }
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            start += 1
            objectIsEmpty.removeLast()
            return nil
        }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or '}' in object") }
        objectIsEmpty[objectIsEmpty.count - 1] = false
        try skipWhitespace()
        let keyOffset = offset
        guard try peek() == UInt8(ascii: "\"") else {
            throw SyntaxError(offset: offset, message: "expected a key in double quotes, found \(describe(try peek()))")
        }
        let (keyBytes, _) = try captured { () throws(SyntaxError) in try skipString() }
        guard let keyBytes, case .string(let key)? = (try? JSONParser.parse(keyBytes))?.kind else {
            throw SyntaxError(offset: keyOffset, message: "invalid key string")
        }
        try expect(UInt8(ascii: ":"), "':' after key \"\(key)\"")
        return (key, keyOffset)
    }

    /// Checks that nothing but whitespace follows the top-level value.
    func finish() throws(SyntaxError) {
        try skipWhitespace()
        if let byte = try peek() { throw SyntaxError(offset: offset, message: "unexpected \(describe(byte)) after the JSON value") }
    }

    /// Passes over the next value, checking its syntax.
    func skipValue() throws(SyntaxError) {
        try skipWhitespace()
        var closers: [UInt8] = []
        var expectingValue = true
        while true {
            try skipWhitespace()
            if expectingValue {
                guard let byte = try peek() else { throw SyntaxError(offset: offset, message: "expected a value, found end of file") }
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard closers.count < Self.maximumDepth else {
                        throw SyntaxError(offset: offset, message: "nesting deeper than \(Self.maximumDepth) levels")
                    }
                    start += 1
                    let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    closers.append(closer)
                    try skipWhitespace()
                    if try peek() == closer {
                        start += 1
                        closers.removeLast()
                        expectingValue = false
                    } else if closer == UInt8(ascii: "}") {
                        try skipMemberKey()
                    }
                    if closers.isEmpty { return }
                    continue
                case UInt8(ascii: "\""): try skipString()
                case UInt8(ascii: "t"): try skipLiteral("true")
                case UInt8(ascii: "f"): try skipLiteral("false")
                case UInt8(ascii: "n"): try skipLiteral("null")
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
                default: throw SyntaxError(offset: offset, message: "expected a value, found \(describe(byte))")
                }
                expectingValue = false
            }
            guard let closer = closers.last else { return }
            try skipWhitespace()
            let byte = try peek()
            if byte == UInt8(ascii: ",") {
                start += 1
                if closer == UInt8(ascii: "}") { try skipMemberKey() }
                expectingValue = true
            } else if byte == closer {
                start += 1
                closers.removeLast()
                if closers.isEmpty { return }
            } else {
                let container = closer == UInt8(ascii: "}") ? "object" : "array"
                throw SyntaxError(offset: offset, message: "expected ',' or '\(Character(UnicodeScalar(closer)))' in \(container), found \(describe(byte))")
            }
        }
    }

    /// Inside an object being skipped: a key and its colon.
    private func skipMemberKey() throws(SyntaxError) {
        try skipWhitespace()
        guard try peek() == UInt8(ascii: "\"") else {
            throw SyntaxError(offset: offset, message: "expected a key in double quotes, found \(describe(try peek()))")
        }
        try skipString()
        try expect(UInt8(ascii: ":"), "':' after a key")
    }

    private func skipLiteral(_ literal: String) throws(SyntaxError) {
        let literalOffset = offset
        for expected in literal.utf8 {
            guard try peek() == expected else { throw SyntaxError(offset: literalOffset, message: "invalid literal; expected '\(literal)'") }
            start += 1
        }
    }

    private func skipNumber() throws(SyntaxError) {
        let numberOffset = offset
        func digits() throws(SyntaxError) -> Int {
            var count = 0
            while let byte = try peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                start += 1
                count += 1
            }
            return count
        }
        if try peek() == UInt8(ascii: "-") { start += 1 }
        let first = try peek()
        let integerDigits = try digits()
        guard integerDigits > 0 else { throw SyntaxError(offset: offset, message: "invalid number") }
        if integerDigits > 1, first == UInt8(ascii: "0") { throw SyntaxError(offset: numberOffset, message: "invalid number: leading zero") }
        if try peek() == UInt8(ascii: ".") {
            start += 1
            guard try digits() > 0 else { throw SyntaxError(offset: offset, message: "invalid number: expected digits after '.'") }
        }
        if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            start += 1
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { start += 1 }
            guard try digits() > 0 else { throw SyntaxError(offset: offset, message: "invalid number: expected exponent digits") }
        }
    }

    /// Passes over a string (the reader is at its opening quote), checking escapes and control
    /// characters. Runs of plain bytes are scanned inside the buffer: this is the loop a
    /// gigabyte of Base64 goes through.
    private func skipString() throws(SyntaxError) {
        let stringOffset = offset
        start += 1
        while true {
            if start == end, !(try refill()) { throw SyntaxError(offset: stringOffset, message: "unterminated string") }
            var index = start
            let limit = end
            while index < limit {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                index += 1
            }
            start = index
            guard index < limit else { continue }
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                start += 1
                return
            }
            if byte < 0x20 {
                throw SyntaxError(offset: offset, message: "control character in string; write it as an escape such as \\n")
            }
            try skipEscape()
        }
    }

    private func skipEscape() throws(SyntaxError) {
        let escapeOffset = offset
        start += 1
        switch try take("an escape") {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            for _ in 0..<4 {
                let digit = try take("four hex digits")
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(digit | 0x20) else {
                    throw SyntaxError(offset: escapeOffset, message: "invalid hex digit in \\u escape")
                }
            }
        case let other:
            throw SyntaxError(offset: escapeOffset, message: "invalid escape '\\\(Character(UnicodeScalar(other)))'")
        }
    }

    // MARK: Values in hand

    /// Passes over a string value and returns where its contents lie.
    func stringSpan() throws(SyntaxError) -> StringSpan {
        try skipWhitespace()
        guard try peek() == UInt8(ascii: "\"") else { throw SyntaxError(offset: offset, message: "expected a string, found \(describe(try peek()))") }
        let contents = offset + 1
        try skipString()
        return StringSpan(offset: contents, length: offset - 1 - contents)
    }

    /// The bytes of the next value and its offset, or nil bytes when it is longer than
    /// `limit` (its syntax is still checked, so reading can go on).
    func captureValue(limit: Int) throws(SyntaxError) -> (bytes: [UInt8]?, offset: Int) {
        try skipWhitespace()
        captureLimit = limit
        defer { captureLimit = Int.max }
        return try captured { () throws(SyntaxError) in try skipValue() }
    }

    private func captured(_ body: () throws(SyntaxError) -> Void) throws(SyntaxError) -> (bytes: [UInt8]?, offset: Int) {
        let valueOffset = offset
        capture = []
        captureFrom = start
        captureOverflowed = false
        defer { capture = nil }
        try body()
        flushCapture()
        return (captureOverflowed ? nil : capture, valueOffset)
    }

    private func flushCapture() {
        guard var bytes = capture else { return }
        capture = nil
        if !captureOverflowed, start > captureFrom {
            if bytes.count + (start - captureFrom) > captureLimit {
                captureOverflowed = true
                bytes = []
            } else {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[captureFrom..<start]))
            }
        }
        captureFrom = start
        capture = bytes
    }
}
