/// Compiles parsed templates into render programs. Each page template is compiled against the
/// type of what it receives: every name is resolved to a frame of the context stack and a slot,
/// or reported where it is written when no context there provides it. Partials and parents are
/// compiled for the place they are included (the stack, the blocks that fill them) and shared
/// where those are the same; a template of unknown data (type `any`) looks names up by name.
struct TemplateCompiler {
    let trees: [String: [TemplateNode]]
    /// Templates that exist but could not be parsed (already reported): not missing.
    let unparsed: Set<String>
    /// A theme's missing partial is an error; plain Mustache renders it as empty text.
    let missingPartialIsError: Bool
    private(set) var programs: [[RenderOp]] = []
    private(set) var problems: [TemplateProblem] = []
    private var reported: Set<TemplateProblem> = []
    private var programIndex: [String: Int] = [:]
    private var depth = 0
    /// Per program, the lowest frame of the stack (counted from the bottom) it reads, when the
    /// stack is known; nil while it is being compiled or when it reads by name.
    private var lowestFrameRead: [Int?] = []
    /// For each program being compiled (innermost last): the lowest frame it has read so far.
    private var reading: [Int] = []
    /// The programs being compiled, innermost last.
    private var compiling: [Int] = []
    /// Per program, the fields of known kinds it reads itself, and the programs it calls.
    private var fieldsRead: [[ObjectIdentifier: Set<Int>]] = []
    private var calls: [Set<Int>] = []
    /// Per program, whether it reads a name whose object's kind is not known ahead.
    private var readsByName: [Bool] = []

    static let maximumDepth = 64

    init(trees: [String: [TemplateNode]], unparsed: Set<String>, missingPartialIsError: Bool) {
        self.trees = trees
        self.unparsed = unparsed
        self.missingPartialIsError = missingPartialIsError
    }

    /// The content that fills a block of a parent: its lines' own indentation taken off.
    struct Override {
        let body: [TemplateNode]
        let template: String
        let identity: String
    }

    struct Scope {
        /// The template whose nodes are being compiled, for messages.
        var template: String
        /// The types of the context stack, bottom first; nil when not known (any data).
        var frames: [TemplateType]?
        var overrides: [String: Override]
    }

    mutating func compileEntry(_ name: String, root: TemplateType) -> Int? {
        let frames: [TemplateType]? = if case .any = root { nil } else { [root] }
        return program(named: name, frames: frames, overrides: [:], includedFrom: nil)
    }

    private mutating func program(
        named name: String, frames: [TemplateType]?, overrides: [String: Override], includedFrom: (template: String, location: TemplateLocation)?
    ) -> Int? {
        guard let tree = trees[name] else {
            if missingPartialIsError, !unparsed.contains(name), let includedFrom {
                let known = NameSuggestion.phrase(for: name, among: trees.keys.sorted())
                report(TemplateProblem(template: includedFrom.template, at: includedFrom.location, "there is no template '\(name)'\(known)"))
            }
            return nil
        }
        let key = name + "|" + overrides.values.map(\.identity).sorted().joined(separator: ",") + "|" + Self.signature(frames)
        if let index = programIndex[key] {
            // A program still being compiled (recursion) counts as reading anything.
            noteRead(frame: lowestFrameRead[index] ?? -1)
            noteCall(index)
            return index
        }
        guard depth < Self.maximumDepth else {
            if let includedFrom {
                report(
                    TemplateProblem(
                        template: includedFrom.template, at: includedFrom.location, "templates include each other more than \(Self.maximumDepth) levels deep"))
            }
            return nil
        }
        let index = programs.count
        programs.append([])
        lowestFrameRead.append(nil)
        fieldsRead.append([:])
        calls.append([])
        readsByName.append(false)
        noteCall(index)
        programIndex[key] = index
        depth += 1
        reading.append(frames == nil ? -1 : Int.max)
        compiling.append(index)
        let ops = compile(tree, Scope(template: name, frames: frames, overrides: overrides))
        compiling.removeLast()
        let lowest = reading.removeLast()
        depth -= 1
        programs[index] = ops
        lowestFrameRead[index] = lowest
        noteRead(frame: lowest)
        return index
    }

    /// Records that the programs being compiled read a frame (counted from the bottom).
    private mutating func noteRead(frame: Int) {
        for index in reading.indices where frame < reading[index] { reading[index] = frame }
    }

    /// Records that the program being compiled calls `program`.
    private mutating func noteCall(_ program: Int) {
        if let caller = compiling.last { calls[caller].insert(program) }
    }

    /// Records the fields a resolved name reads, for `fieldsRead(byEntry:)`.
    private mutating func noteFields(_ steps: [FieldStep]) {
        guard let current = compiling.last else { return }
        for step in steps {
            if let owner = step.owner {
                fieldsRead[current][owner, default: []].insert(step.slot)
            } else {
                readsByName[current] = true
            }
        }
    }

    /// For each entry program, every field of a known kind it and the programs it calls may
    /// read; nil for one that reads a name into an object of a kind not known ahead (which may
    /// be any field of anything).
    func fieldsRead(ofEntry entry: Int) -> [ObjectIdentifier: Set<Int>]? {
        var seen: Set<Int> = [entry]
        var pending = [entry]
        var fields: [ObjectIdentifier: Set<Int>] = [:]
        while let program = pending.popLast() {
            if readsByName[program] { return nil }
            fields.merge(fieldsRead[program]) { $0.union($1) }
            for called in calls[program] where seen.insert(called).inserted { pending.append(called) }
        }
        return fields
    }

    /// Whether a node holds no section, partial, parent or block: a partial made of such
    /// nodes renders the same compiled in place of its tag.
    private static func isFlat(_ node: TemplateNode) -> Bool {
        switch node {
        case .text, .lineStart, .variable: true
        case .section, .partial, .parent, .block: false
        }
    }

    /// Appends `op`, joining static text to the text before it.
    private static func append(_ op: RenderOp, to ops: inout [RenderOp]) {
        if case .text(let bytes) = op, case .text(let previous)? = ops.last {
            ops[ops.count - 1] = .text(previous + bytes)
        } else {
            ops.append(op)
        }
    }

    /// Whether a program included with `frames` on the stack reads nothing below the frame on
    /// top: its output is a function of that value alone, so it can be kept per value.
    private func readsOnlyTheTopFrame(_ program: Int, frames: [TemplateType]?) -> Bool {
        guard let frames, case .object = frames.last?.required, let lowest = lowestFrameRead[program] else { return false }
        return lowest >= frames.count - 1
    }

    private mutating func compile(_ nodes: [TemplateNode], _ scope: Scope) -> [RenderOp] {
        var ops: [RenderOp] = []
        for node in nodes {
            switch node {
            case .text(let bytes):
                Self.append(.text(bytes), to: &ops)
            case .lineStart:
                ops.append(.lineStart)
            case .variable(let name, let escaped, let location):
                guard let (lookup, type) = resolve(name, scope, at: location) else { continue }
                switch type.required {
                case .object, .list:
                    report(
                        TemplateProblem(
                            template: scope.template, at: location, "'\(name.text)' is \(type.description), not a value to write: use it as a section"))
                default:
                    ops.append(.value(lookup, escaped: escaped))
                }
            case .section(let name, let inverted, let body, let location):
                let resolved = resolve(name, scope, at: location)
                var inner = scope
                if !inverted, let frames = scope.frames, let type = resolved?.type, let pushed = type.sectionFrame {
                    inner.frames = pushed.isKnown ? frames + [pushed] : nil
                }
                let bodyOps = compile(body, inner)
                guard let lookup = resolved?.lookup else { continue }
                ops.append(inverted ? .invertedSection(lookup, body: bodyOps) : .section(lookup, body: bodyOps))
            case .partial(let name, let indentation, let location):
                if (indentation ?? []).isEmpty, let tree = trees[name], tree.allSatisfy(Self.isFlat) {
                    // Text and values only (a theme's translated texts): compiled in place, as a
                    // call would render them, without the call.
                    var inner = scope
                    inner.template = name
                    for op in compile(tree, inner) { Self.append(op, to: &ops) }
                } else if let index = program(named: name, frames: scope.frames, overrides: scope.overrides, includedFrom: (scope.template, location)) {
                    let indentation = indentation ?? []
                    if indentation.isEmpty, readsOnlyTheTopFrame(index, frames: scope.frames) {
                        ops.append(.reusableCall(program: index))
                    } else {
                        ops.append(.call(program: index, indentation: indentation))
                    }
                }
            case .parent(let name, let indentation, let blocks, let location):
                var overrides = scope.overrides
                for block in blocks where overrides[block.name] == nil {
                    overrides[block.name] = Override(
                        body: Self.removingIndentation(block.indentation, from: block.body), template: scope.template,
                        identity: "\(scope.template):\(block.location.line):\(block.location.column)")
                }
                if let index = program(named: name, frames: scope.frames, overrides: overrides, includedFrom: (scope.template, location)) {
                    ops.append(.call(program: index, indentation: indentation ?? []))
                }
            case .block(let definition):
                if let override = scope.overrides[definition.name] {
                    var inner = scope
                    inner.template = override.template
                    inner.overrides[definition.name] = nil
                    ops.append(.indented(definition.indentation, body: compile(override.body, inner)))
                } else {
                    ops += compile(definition.body, scope)
                }
            }
        }
        return ops
    }

    // MARK: Names

    private mutating func resolve(_ name: TemplateName, _ scope: Scope, at location: TemplateLocation) -> (lookup: ValueLookup, type: TemplateType)? {
        guard !name.isImplicit else {
            noteRead(frame: (scope.frames?.count ?? 0) - 1)
            return (.current, scope.frames?.last ?? .any)
        }
        let first = name.parts[0]
        let rest = Array(name.parts.dropFirst())
        guard let frames = scope.frames else {
            noteRead(frame: -1)
            let steps = name.parts.map(FieldStep.init(byName:))
            noteFields(steps)
            return (.byName(steps), .any)
        }
        if name.parts.contains(where: \.isEmpty) {
            report(TemplateProblem(template: scope.template, at: location, "'\(name.text)' is not a name: a dotted name has no empty parts"))
            return nil
        }
        var places: [ResolvedName] = []
        var type: TemplateType?
        var visible: [String] = []
        var failure: String?
        for (depth, frame) in frames.reversed().enumerated() {
            switch frame.required {
            case .object(let schema):
                visible += schema.fields.map(\.name)
                guard let slot = schema.slot(named: first) else { continue }
                let fieldType = schema.fields[slot].type
                switch Self.follow(rest, from: fieldType, path: first) {
                case .success(let (steps, finalType)):
                    places.append(ResolvedName(depth: depth, steps: [FieldStep(name: first, schema: schema, slot: slot)] + steps))
                    type = type ?? finalType
                case .failure(let problem):
                    failure = failure ?? problem.message
                }
                if !fieldType.isOptional { break }
                continue
            case .any:
                places.append(ResolvedName(depth: depth, steps: name.parts.map(FieldStep.init(byName:))))
                type = type ?? .any
                continue
            default:
                continue
            }
            break
        }
        for place in places {
            noteRead(frame: frames.count - 1 - place.depth)
            noteFields(place.steps)
        }
        guard let type, !places.isEmpty else {
            let message = failure ?? "no value named '\(first)' is available here\(NameSuggestion.phrase(for: first, among: visible))"
            report(TemplateProblem(template: scope.template, at: location, message))
            return nil
        }
        return (.resolved(places), type)
    }

    struct FollowFailure: Error {
        let message: String
    }

    /// The steps of the dotted parts after the first, from the first part's type.
    private static func follow(_ parts: [String], from start: TemplateType, path: String) -> Result<([FieldStep], TemplateType), FollowFailure> {
        var steps: [FieldStep] = []
        var type = start
        var path = path
        for part in parts {
            switch type.required {
            case .object(let schema):
                guard let slot = schema.slot(named: part) else {
                    let suggestion = NameSuggestion.phrase(for: part, among: schema.fields.map(\.name))
                    return .failure(FollowFailure(message: "'\(path)' (\(schema.name)) has no field '\(part)'\(suggestion)"))
                }
                steps.append(FieldStep(name: part, schema: schema, slot: slot))
                type = schema.fields[slot].type
            case .any:
                steps.append(FieldStep(byName: part))
            case let other:
                return .failure(FollowFailure(message: "'\(path)' is \(other.description) and has no field '\(part)'"))
            }
            path += "." + part
        }
        return .success((steps, type))
    }

    // MARK: Helpers

    private mutating func report(_ problem: TemplateProblem) {
        if reported.insert(problem).inserted { problems.append(problem) }
    }

    private static func signature(_ frames: [TemplateType]?) -> String {
        guard let frames else { return "any" }
        return frames.map(\.signature).joined(separator: "/")
    }

    /// An override's lines lose the indentation they had where it was written; blocks inside
    /// it keep theirs relative to it.
    static func removingIndentation(_ indentation: [UInt8], from nodes: [TemplateNode]) -> [TemplateNode] {
        guard !indentation.isEmpty else { return nodes }
        var result: [TemplateNode] = []
        var atLineStart = false
        for node in nodes {
            switch node {
            case .lineStart:
                atLineStart = true
                result.append(node)
                continue
            case .text(let bytes) where atLineStart:
                var cut = 0
                while cut < indentation.count, cut < bytes.count, bytes[cut] == indentation[cut] { cut += 1 }
                if cut < bytes.count { result.append(.text(Array(bytes[cut...]))) }
            case .section(let name, let inverted, let body, let location):
                result.append(.section(name, inverted: inverted, body: removingIndentation(indentation, from: body), location))
            case .block(let definition):
                let own = definition.indentation.starts(with: indentation) ? Array(definition.indentation.dropFirst(indentation.count)) : definition.indentation
                result.append(
                    .block(
                        BlockDefinition(
                            name: definition.name, body: removingIndentation(indentation, from: definition.body), indentation: own,
                            location: definition.location)))
            default:
                result.append(node)
            }
            atLineStart = false
        }
        return result
    }
}

extension TemplateType {
    /// Whether names in a frame of this type can be resolved ahead.
    var isKnown: Bool {
        if case .any = required { return false }
        return true
    }

    /// Identifies the type for sharing compiled partials.
    var signature: String {
        switch self {
        case .text: "t"
        case .number: "n"
        case .bool: "b"
        case .list(let element): "[" + element.signature + "]"
        case .object(let schema): schema.name + "@" + String(UInt(bitPattern: ObjectIdentifier(schema).hashValue), radix: 36)
        case .optional(let wrapped): wrapped.signature + "?"
        case .any: "*"
        }
    }
}
