/// Runs compiled templates: appends to one byte buffer, with the context stack and the
/// indentation of the partials around the current line.
struct TemplateRenderer {
    let programs: [[RenderOp]]
    let fragments: TemplateFragments?
    var output: [UInt8]
    private var stack: [TemplateValue] = []
    private var indentation: [[UInt8]] = []
    /// Where this render's output starts in `output` (a line start there is the first line's).
    private let start: Int

    /// `start`: where this render's output will begin in the buffer swapped into `output`.
    init(programs: [[RenderOp]], fragments: TemplateFragments?, output: [UInt8], start: Int) {
        self.programs = programs
        self.fragments = fragments
        self.output = output
        self.start = start
        stack.reserveCapacity(16)
    }

    mutating func run(program: Int, with value: TemplateValue) {
        stack.append(value.resolved)
        run(programs[program])
        stack.removeLast()
    }

    private mutating func run(_ ops: [RenderOp]) {
        // By index, each op borrowed where it stands: `for op in ops` copied every op and
        // counted a reference to its payload.
        var index = 0
        let count = ops.count
        while index < count {
            defer { index += 1 }
            switch ops[index] {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .lineStart:
                if !indentation.isEmpty, output.count == start || output[output.count - 1] == UInt8(ascii: "\n") {
                    for piece in indentation { output.append(contentsOf: piece) }
                }
            case .value(let lookup, let escaped):
                write(value(of: lookup), escaped: escaped)
            case .section(let lookup, let body):
                let value = value(of: lookup)
                switch value {
                case .null:
                    break
                case .bool(let shown):
                    if shown { run(body) }
                case .list(let items):
                    for item in items {
                        stack.append(item.resolved)
                        run(body)
                        stack.removeLast()
                    }
                default:
                    stack.append(value)
                    run(body)
                    stack.removeLast()
                }
            case .invertedSection(let lookup, let body):
                if !value(of: lookup).isShown { run(body) }
            case .call(let program, let indentation):
                indented(indentation) { $0.run($0.programs[program]) }
            case .reusableCall(let program):
                reuse(program)
            case .indented(let indentation, let body):
                indented(indentation) { $0.run(body) }
            }
        }
    }

    /// A partial that reads only the value on top: its kept bytes when there are some, else
    /// rendered and kept. Not when lines are indented around it (a kept fragment is not).
    private mutating func reuse(_ program: Int) {
        guard let fragments, indentation.isEmpty, case .object(let object)? = stack.last, let key = object.fragmentKey else {
            return run(programs[program])
        }
        let id = TemplateFragments.FragmentID(program: program, key: key)
        if let bytes = fragments.bytes(of: id) { return output.append(contentsOf: bytes) }
        let start = output.count
        run(programs[program])
        fragments.keep(Array(output[start...]), as: id)
    }

    private mutating func indented(_ piece: [UInt8], _ body: (inout TemplateRenderer) -> Void) {
        guard !piece.isEmpty else { return body(&self) }
        indentation.append(piece)
        body(&self)
        indentation.removeLast()
    }

    /// The value a name stands for here, made if lazy.
    private func value(of lookup: ValueLookup) -> TemplateValue {
        switch lookup {
        case .current:
            return stack.last ?? .null
        case .resolved(let places):
            var index = 0
            while index < places.count {
                let place = places[index]
                if let value = follow(place.first, place.rest, from: stack[stack.count - 1 - place.depth]) { return value }
                index += 1
            }
        case .byName(let first, let rest):
            for frame in stack.reversed() {
                if let value = follow(first, rest, from: frame) { return value }
            }
        }
        return .null
    }

    /// A dotted name's value from one frame, made if lazy; nil when the frame has no value for
    /// its first part, so the lookup goes on outwards.
    @inline(__always)
    private func follow(_ first: FieldStep, _ rest: [FieldStep], from frame: TemplateValue) -> TemplateValue? {
        var value = first.read(frame)
        if case .null = value { return nil }
        var index = 0
        while index < rest.count {
            value = rest[index].read(value)
            index += 1
        }
        return value.resolved
    }


    private mutating func write(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .text(let text):
            if escaped { HTMLEscape.append(text, to: &output) } else { HTMLEscape.appendRaw(text, to: &output) }
        case .number(let number):
            appendDecimal(number)
        case .bool(let flag):
            output.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes)
        case .null, .list, .object, .lazy:
            break
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    /// Writes a whole number's digits straight into the output.
    private mutating func appendDecimal(_ number: Int) {
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }
}
