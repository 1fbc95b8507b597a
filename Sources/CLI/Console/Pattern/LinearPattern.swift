/// A regular expression matched in time linear in the text, whatever the pattern: a Thompson
/// NFA simulated one character at a time (RE2's way), never backtracking — `(a+)+x` on 10,000
/// a's takes as long as on 10. What `uniflow shrink --until` matches screen lines with.
///
/// ```swift
/// let pattern = try LinearPattern("dog: .*-1 살")
/// pattern.matches("dog: rex · -1 살 · 30000원")   // true
/// ```
///
/// The syntax is ``PatternParser``'s: NSRegularExpression's for what both accept, refusing
/// backreferences and lookaround with the column.
///
/// **Bounds.** Compiling takes O(P) time and memory for a program of P instructions (P is at
/// most about 4 per pattern character, times the counts of `{m,n}`, and at most
/// ``maxInstructions``). Matching a text of L characters takes at most (L + 1) · P steps
/// (one per instruction per position: ``steps``) and O(P) memory.
package struct LinearPattern {
  enum Instruction: Equatable {
    case scalar(Unicode.Scalar)
    case set(ScalarSet)
    case assertion(PatternAssertion)
    case split(Int, Int)
    case jump(Int)
    case match
  }

  /// The largest program a pattern may compile to.
  package static let maxInstructions = 20_000

  private(set) var program: [Instruction] = []

  /// Parses and compiles `pattern`.
  package init(_ pattern: String) throws(PatternError) {
    let tree = try PatternParser.parse(pattern)
    try emit(tree)
    program.append(.match)
  }

  private mutating func emit(_ node: PatternNode) throws(PatternError) {
    guard program.count < Self.maxInstructions else {
      throw PatternError(
        column: 1,
        message: "the pattern compiles to more than \(Self.maxInstructions) instructions; "
          + "use smaller counts in {m,n}")
    }
    switch node {
    case .empty: break
    case .scalar(let scalar): program.append(.scalar(scalar))
    case .set(let set): program.append(.set(set))
    case .assertion(let assertion): program.append(.assertion(assertion))
    case .concat(let items): for item in items { try emit(item) }
    case .alternate(let branches):
      var jumps: [Int] = []
      for branch in branches.dropLast() {
        let split = program.count
        program.append(.split(split + 1, 0))
        try emit(branch)
        jumps.append(program.count)
        program.append(.jump(0))
        program[split] = .split(split + 1, program.count)
      }
      try emit(branches[branches.count - 1])
      for jump in jumps { program[jump] = .jump(program.count) }
    case .repeated(let inner, let min, let max):
      for _ in 0..<min { try emit(inner) }
      if let max {
        var splits: [Int] = []
        for _ in min..<max {
          splits.append(program.count)
          program.append(.split(program.count + 1, 0))
          try emit(inner)
        }
        for split in splits { program[split] = .split(split + 1, program.count) }
      } else {
        let loop = program.count
        program.append(.split(loop + 1, 0))
        try emit(inner)
        program.append(.jump(loop))
        program[loop] = .split(loop + 1, program.count)
      }
    }
  }

  /// Whether `text` contains a match, anywhere in it.
  package func matches(_ text: String) -> Bool {
    var steps = 0
    return matches(text, steps: &steps)
  }

  /// Whether `text` contains a match; adds to `steps` one per instruction visited, at most
  /// (characters + 1) · instructions.
  package func matches(_ text: String, steps: inout Int) -> Bool {
    var current = ThreadList(capacity: program.count)
    var next = ThreadList(capacity: program.count)
    var previous: Unicode.Scalar?
    var scalars = text.unicodeScalars.makeIterator()
    var scalar = scalars.next()
    while true {
      // A match may start at every position: add the start thread.
      if add(0, to: &current, previous: previous, next: scalar, steps: &steps) { return true }
      guard let consumed = scalar else { return false }
      let following = scalars.next()
      next.clear()
      for pc in current.members {
        let advances: Bool
        switch program[pc] {
        case .scalar(let expected): advances = expected == consumed
        case .set(let set): advances = set.contains(consumed)
        default: advances = false
        }
        if advances,
          add(pc + 1, to: &next, previous: consumed, next: following, steps: &steps)
        {
          return true
        }
      }
      swap(&current, &next)
      previous = consumed
      scalar = following
    }
  }

  /// Adds `pc` and every instruction reachable from it without consuming a character to
  /// `list`; whether that reaches `match`.
  private func add(
    _ pc: Int, to list: inout ThreadList, previous: Unicode.Scalar?, next: Unicode.Scalar?,
    steps: inout Int
  ) -> Bool {
    var stack = [pc]
    while let pc = stack.popLast() {
      guard list.insert(pc) else { continue }
      steps += 1
      switch program[pc] {
      case .match: return true
      case .jump(let target): stack.append(target)
      case .split(let first, let second):
        stack.append(second)
        stack.append(first)
      case .assertion(let assertion):
        if holds(assertion, previous: previous, next: next) { stack.append(pc + 1) }
      case .scalar, .set: break
      }
    }
    return false
  }

  private func holds(
    _ assertion: PatternAssertion, previous: Unicode.Scalar?, next: Unicode.Scalar?
  )
    -> Bool
  {
    let word = ScalarSet.Named(kind: .word)
    let boundary =
      (previous.map(word.contains) ?? false) != (next.map(word.contains) ?? false)
    switch assertion {
    case .start: return previous == nil
    case .end: return next == nil
    case .wordBoundary: return boundary
    case .notWordBoundary: return !boundary
    }
  }
}

/// A set of program counters with O(1) insert, membership and clear, listing its members in the
/// order they were inserted (a sparse set).
struct ThreadList {
  private var dense: [Int]
  private var sparse: [Int]
  private(set) var count = 0

  init(capacity: Int) {
    dense = [Int](repeating: 0, count: capacity)
    sparse = [Int](repeating: 0, count: capacity)
  }

  var members: ArraySlice<Int> { dense[0..<count] }

  /// Inserts `pc`; false if it was already in.
  mutating func insert(_ pc: Int) -> Bool {
    let slot = sparse[pc]
    if slot < count, dense[slot] == pc { return false }
    sparse[pc] = count
    dense[count] = pc
    count += 1
    return true
  }

  mutating func clear() { count = 0 }
}
