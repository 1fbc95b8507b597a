import Foundation
import Store

/// The per-action cost of routing through a case two levels down (`Root.middle(.leaf(n))`):
/// a hand-written `if case`, explicit ``ActionCase``s joined with `appending`, and the
/// reflective form reached by key path (`\.middle.leaf`, cases named once by their
/// constructors). Each is measured on actions of the case (match: the payload comes out) and on
/// actions of another top-level case (miss: rejected).
@MainActor
enum CasePathBench {
  struct Figures {
    /// ns/action, in the order match, miss, for each form.
    var handMatchNs: Double
    var handMissNs: Double
    var explicitMatchNs: Double
    var explicitMissNs: Double
    var reflectiveMatchNs: Double
    var reflectiveMissNs: Double
  }

  enum Leaf: Equatable, Sendable, CasePathable {
    case value(Int)
    case other

    struct AllCasePaths: Sendable {
      let value = ActionCase(Leaf.value)
      let other = ActionCase(Leaf.other)
    }
    static let allCasePaths = AllCasePaths()
  }

  enum Middle: Equatable, Sendable, CasePathable {
    case leaf(Leaf)
    case other

    struct AllCasePaths: Sendable {
      let leaf = ActionCase(Middle.leaf)
      let other = ActionCase(Middle.other)
    }
    static let allCasePaths = AllCasePaths()
  }

  enum Root: Equatable, Sendable, CasePathable {
    case middle(Middle)
    case other(Int)

    struct AllCasePaths: Sendable {
      let middle = ActionCase(Root.middle)
      let other = ActionCase(Root.other)
    }
    static let allCasePaths = AllCasePaths()
  }

  static let explicit = ActionCase<Root, Middle>(embed: Root.middle) {
    if case .middle(let middle) = $0 { middle } else { nil }
  }.appending(
    ActionCase<Middle, Leaf>(embed: Middle.leaf) {
      if case .leaf(let leaf) = $0 { leaf } else { nil }
    })

  /// Each figure is the fastest of `rounds` runs of `count` actions, the forms taking turns.
  static func run(count: Int = 1_000_000, rounds: Int = 5) -> Figures {
    let matches = (0..<1024).map { Root.middle(.leaf($0.isMultiple(of: 7) ? .other : .value($0))) }
    let misses = (0..<1024).map { Root.other($0) }
    let reflective = Root.case(\.middle.leaf)
    let variants: [() -> Double] = [
      { handWritten(matches, count) }, { handWritten(misses, count) },
      { routed(explicit, matches, count) }, { routed(explicit, misses, count) },
      { routed(reflective, matches, count) }, { routed(reflective, misses, count) },
    ]
    for variant in variants { _ = variant() }  // warm-up: the reflective case learns its tags
    var best = [Double](repeating: .infinity, count: variants.count)
    for _ in 0..<rounds {
      for (index, variant) in variants.enumerated() { best[index] = min(best[index], variant()) }
    }
    return Figures(
      handMatchNs: best[0], handMissNs: best[1], explicitMatchNs: best[2],
      explicitMissNs: best[3], reflectiveMatchNs: best[4], reflectiveMissNs: best[5])
  }

  /// Where results go so the optimiser cannot drop the work.
  static var sink = 0

  @inline(never)
  private static func handWritten(_ actions: [Root], _ count: Int) -> Double {
    time(count) {
      var found = 0
      for index in 0..<count {
        if case .middle(let middle) = actions[index & 1023], case .leaf(let leaf) = middle {
          found &+= leaf == .other ? 1 : 2
        }
      }
      sink &+= found
    }
  }

  @inline(never)
  private static func routed(_ path: ActionCase<Root, Leaf>, _ actions: [Root], _ count: Int)
    -> Double
  {
    time(count) {
      var found = 0
      for index in 0..<count {
        if let leaf = path.extract(from: actions[index & 1023]) {
          found &+= leaf == .other ? 1 : 2
        }
      }
      sink &+= found
    }
  }

  private static func time(_ count: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
  }
}
