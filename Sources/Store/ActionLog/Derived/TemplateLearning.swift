import Foundation
import Store

extension TemplateBox {
  /// The template of the line `bytes`, whose first value `decoded` is, learnt as
  /// ``LineTemplates`` says; one read by `init(from:)` every time when it cannot be.
  ///
  /// Bound: four reads of the line by `init(from:)`, and a scan of the value's bytes for each
  /// literal (O(literals × the value's size)).
  static func learn<Action: Decodable & Equatable & Sendable>(
    _ decoded: Action, _ bytes: [UInt8], _ shape: LineShape
  ) -> TemplateBox {
    guard shape.count > 0 else { return TemplateBox(value: decoded, slots: []) }
    let unlearnt = TemplateBox(value: decoded, slots: nil)
    guard let syntax = try? ValueSyntax(bytes) else { return unlearnt }
    let trace = ValueTrace()
    guard (try? ValueSyntaxDecoder.decode(Action.self, from: syntax, trace: trace)) != nil,
      let plans = TemplatePlan.plans(shape, syntax, trace)
    else { return unlearnt }
    // Two readings with every literal made up, and the first once more: what differs between
    // those two is storage made afresh by each reading, not a literal's doing.
    let texts = (0..<2).map { TemplatePlan.madeUp(bytes, shape, plans, reading: $0) }
    let traces = [ValueTrace(), ValueTrace()]
    guard
      let first = try? ValueSyntaxDecoder.decode(
        Action.self, from: ValueSyntax(texts[0]), trace: traces[0]),
      let second = try? ValueSyntaxDecoder.decode(
        Action.self, from: ValueSyntax(texts[1]), trace: traces[1]),
      let again = try? ValueSyntaxDecoder.decode(Action.self, from: ValueSyntax(texts[0]))
    else { return unlearnt }
    let a = withUnsafeBytes(of: first) { Array($0) }
    let b = withUnsafeBytes(of: second) { Array($0) }
    let fresh = withUnsafeBytes(of: again) { Array($0) }
    var covered = [Bool](repeating: false, count: a.count)
    var slots: [TemplateSlot] = []
    for plan in plans {
      guard
        let patterns = plan.patterns(traces),
        let offset = TemplatePlan.offset(of: patterns, in: a, b, alignment: plan.alignment),
        !covered[offset..<(offset + patterns.0.count)].contains(true)
      else { return unlearnt }
      for index in offset..<(offset + patterns.0.count) { covered[index] = true }
      slots.append(TemplateSlot(kind: plan.kind, offset: offset, holes: plan.holes))
    }
    // Nothing else depends on the literals.
    for index in a.indices where !covered[index] && a[index] != b[index] && a[index] == fresh[index]
    {
      return unlearnt
    }
    let template = TemplateBox(value: decoded, slots: slots)
    for (text, value) in [(bytes, decoded), (texts[0], first), (texts[1], second)] {
      let made = text.withUnsafeBufferPointer { line in
        LineShape(line).flatMap { try? template.make(Action.self, line, $0) }
      }
      guard made == value else { return unlearnt }
    }
    return template
  }
}

/// What learning looks for of one slot: the kind of literal, or list, that the decoder read at
/// a node, and which of the line's literals it takes.
struct TemplatePlan {
  var kind: TemplateSlot.Kind
  /// The node: the literal's, or the list's.
  var node: Int
  /// The first of the line's literals it takes, and how many.
  var firstHole: Int
  var holes: Int

  /// The plans of a line whose syntax is `syntax`, read with `trace`, in the order of its
  /// literals; nil when one is not a literal or list the slots take.
  static func plans(_ shape: LineShape, _ syntax: ValueSyntax, _ trace: ValueTrace)
    -> [TemplatePlan]?
  {
    let nodes = syntax.nodes
    var nodeAt: [Int32: Int] = [:]
    var parent = [Int](repeating: -1, count: nodes.count)
    for index in nodes.indices {
      var child = index + 1
      while child < Int(nodes[index].endIndex) {
        parent[child] = index
        child = Int(nodes[child].endIndex)
      }
      switch nodes[index].kind {
      case .integer, .decimal, .string: nodeAt[nodes[index].start] = index
      default: break
      }
    }
    var plans: [TemplatePlan] = []
    var hole = 0
    while hole < shape.count {
      guard let node = nodeAt[shape.holes[hole].start],
        nodes[node].end == shape.holes[hole].end, let kind = literalKind(node, trace)
      else { return nil }
      let list = parent[node]
      guard list >= 0, nodes[list].kind == .array else {
        plans.append(TemplatePlan(kind: kind, node: node, firstHole: hole, holes: 1))
        hole += 1
        continue
      }
      // A list of literals, every element one, read as a list of their type.
      guard let value = trace.values[list], let listKind = TemplateSlot.Kind(list: value),
        listKind.literal == kind, node == list + 1
      else { return nil }
      let count = Int(nodes[list].count)
      guard hole + count <= shape.count else { return nil }
      for element in 0..<count {
        let child = list + 1 + element
        guard child < nodes.count, parent[child] == list,
          nodeAt[shape.holes[hole + element].start] == child,
          literalKind(child, trace) == kind
        else { return nil }
      }
      plans.append(TemplatePlan(kind: listKind, node: list, firstHole: hole, holes: count))
      hole += count
    }
    return plans
  }

  /// The kind of literal node `node` was read as: a `Date`, or a literal type read as itself.
  private static func literalKind(_ node: Int, _ trace: ValueTrace) -> TemplateSlot.Kind? {
    if trace.values[node] is Date { return .date }
    guard let type = trace.literals[node], let kind = TemplateSlot.Kind(literal: type) else {
      return nil
    }
    if let value = trace.values[node], Swift.type(of: value) != type { return nil }
    return kind
  }

  /// How its slot is aligned in the value.
  var alignment: Int {
    switch kind {
    case .int8, .uint8: 1
    case .int16, .uint16: 2
    case .int32, .uint32, .float: 4
    default: 8
    }
  }

  /// The bytes the two readings' values hold at the slot: the made-up literal's, or the
  /// list's reference to its storage (from the readings' traces).
  func patterns(_ traces: [ValueTrace]) -> ([UInt8], [UInt8])? {
    guard kind.isList else {
      return (
        Self.madeUp(kind, firstHole, reading: 0).bytes,
        Self.madeUp(kind, firstHole, reading: 1).bytes
      )
    }
    func reference(_ trace: ValueTrace) -> [UInt8]? {
      switch trace.values[node] {
      case let list as [String]: withUnsafeBytes(of: list) { Array($0) }
      case let list as [Int]: withUnsafeBytes(of: list) { Array($0) }
      case let list as [Double]: withUnsafeBytes(of: list) { Array($0) }
      default: nil
      }
    }
    guard let first = reference(traces[0]), let second = reference(traces[1]) else { return nil }
    return (first, second)
  }

  /// The one offset, a multiple of `alignment`, where `a` holds the first pattern and `b` the
  /// second; nil when there is none or more than one.
  static func offset(
    of patterns: ([UInt8], [UInt8]), in a: [UInt8], _ b: [UInt8], alignment: Int
  ) -> Int? {
    let width = patterns.0.count
    guard width > 0, a.count >= width else { return nil }
    var found: Int?
    for offset in stride(from: 0, through: a.count - width, by: alignment)
    where a[offset..<(offset + width)].elementsEqual(patterns.0) {
      guard found == nil else { return nil }
      found = offset
    }
    guard let found, b[found..<(found + width)].elementsEqual(patterns.1) else { return nil }
    return found
  }

  /// The line `bytes` with each literal made up for `reading` (0 or 1).
  static func madeUp(
    _ bytes: [UInt8], _ shape: LineShape, _ plans: [TemplatePlan], reading: Int
  ) -> [UInt8] {
    var line: [UInt8] = []
    var last = 0
    for plan in plans {
      for hole in plan.firstHole..<(plan.firstHole + plan.holes) {
        let range = shape.holes[hole].range
        line += bytes[last..<range.lowerBound]
        line += madeUp(plan.kind.literal, hole, reading: reading).text.utf8
        last = range.upperBound
      }
    }
    line += bytes[last...]
    return line
  }

  /// A made-up literal of `kind` for literal `hole` in `reading`: its text, and the bytes of
  /// its value. Each differs from every other hole's, and between the two readings.
  static func madeUp(_ kind: TemplateSlot.Kind, _ hole: Int, reading: Int)
    -> (text: String, bytes: [UInt8])
  {
    func integer<I: FixedWidthInteger>(_: I.Type) -> (String, [UInt8]) {
      // Bytes from 0x21 to 0x7F: positive in any width, each unlike the other reading's.
      var value: I = 0
      for byte in 0..<MemoryLayout<I>.size {
        let digit = I(0x21 + (hole * 7 + byte * 3) % 64 + reading * 0x1F)
        value |= digit << (8 * byte)
      }
      return (String(value), withUnsafeBytes(of: value) { Array($0) })
    }
    switch kind {
    case .int, .stringList, .intList, .doubleList: return integer(Int.self)
    case .int8: return integer(Int8.self)
    case .int16: return integer(Int16.self)
    case .int32: return integer(Int32.self)
    case .int64: return integer(Int64.self)
    case .uint: return integer(UInt.self)
    case .uint8: return integer(UInt8.self)
    case .uint16: return integer(UInt16.self)
    case .uint32: return integer(UInt32.self)
    case .uint64: return integer(UInt64.self)
    case .double:
      let value = reading == 0 ? 1234.1234567 + Double(hole * 17) : 5678.7654321 + Double(hole * 19)
      return ("\(value)", withUnsafeBytes(of: value) { Array($0) })
    case .float:
      let value = Float(reading == 0 ? 123.25 + Double(hole * 3) : 456.75 + Double(hole * 5))
      return ("\(value)", withUnsafeBytes(of: value) { Array($0) })
    case .string:
      let letters = Array("QVZKXJWPMBGH".utf8) + [UInt8(65 + hole), UInt8(65 + reading)]
      let value = String(decoding: letters, as: UTF8.self)
      return ("\"\(value)\"", withUnsafeBytes(of: value) { Array($0) })
    case .date:
      let seconds = (reading == 0 ? 123_456_789.25 : 765_432_198.5) + Double(hole * 1000)
      let text = LogDate.string(Date(timeIntervalSinceReferenceDate: seconds)) ?? ""
      let value = LogDate.parse(text)?.timeIntervalSinceReferenceDate ?? .nan
      return ("\"\(text)\"", withUnsafeBytes(of: value) { Array($0) })
    }
  }
}
