import Store

/// Counts the current example of a property check under `name`, to show what the check tested:
/// the share of examples under each label is in ``PropertyResult/statistics`` and in failure
/// reports. Each label counts once per example. Outside a check's search (while shrinking, or
/// outside a check) it does nothing.
///
/// ```swift
/// forAll(Gen.int.array()) { list in
///   label(list.isEmpty ? "empty" : "non-empty")
///   return list.reversed().reversed() == list
/// }
/// ```
public func label(_ name: String) {
  ExampleLabels.current?.add(name)
}

/// Counts the current example under `name` when `condition` holds; see ``label(_:)``.
///
/// ```swift
/// forAll(Gen.int.array()) { list in
///   classify(list.count > 10, "long")
///   return list.sorted().count == list.count
/// }
/// ```
public func classify(_ condition: Bool, _ name: String) {
  if condition { label(name) }
}

/// Requires that at least `minimumPercent` of a check's examples satisfy `condition`, counted under
/// `name`: when fewer do, the check fails after its search, showing the table of labels. Use it to
/// make sure the generator reaches the cases that matter.
///
/// ```swift
/// forAll(Gen.int.array()) { list in
///   cover(20, list.count >= 5, "five or more")
///   return list.sorted().count == list.count
/// }
/// ```
public func cover(
  _ minimumPercent: Double, _ condition: Bool, _ name: String, fileID: String = #fileID,
  line: Int = #line
) {
  guard let labels = ExampleLabels.current else { return }
  labels.require(name, minimumPercent, site: "\(fileID):\(line)")
  if condition { labels.add(name) }
}

/// The labels of the example being run, set by the engine while it searches.
final class ExampleLabels: Sendable {
  @TaskLocal static var current: ExampleLabels?

  private let state = Locked(State())

  struct State {
    var names: Set<String> = []
    var requirements: [String: (minimum: Double, site: String)] = [:]
  }

  func add(_ name: String) {
    state.withLock { _ = $0.names.insert(name) }
  }

  func require(_ name: String, _ minimum: Double, site: String) {
    state.withLock { $0.requirements[name] = (minimum, site) }
  }

  var snapshot: State { state.withLock { $0 } }
}

/// The labels counted over a check's examples, and the coverage they were required to reach.
struct LabelTally {
  private(set) var examples = 0
  private(set) var discarded = 0
  private(set) var counts: [String: Int] = [:]
  private var requirements: [String: (minimum: Double, site: String)] = [:]

  mutating func count(_ labels: ExampleLabels) {
    let snapshot = labels.snapshot
    examples += 1
    for name in snapshot.names { counts[name, default: 0] += 1 }
    requirements.merge(snapshot.requirements) { _, new in new }
  }

  mutating func countDiscarded() { discarded += 1 }

  /// Labels by share, largest first, then by name.
  private var ordered: [(name: String, count: Int)] {
    let names = Set(counts.keys).union(requirements.keys)
    return names.map { ($0, counts[$0] ?? 0) }.sorted {
      $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name
    }
  }

  private func percent(_ count: Int) -> Double {
    examples == 0 ? 0 : Double(count) * 100 / Double(examples)
  }

  /// One line: how many examples ran, and the share of each label.
  var line: String {
    var text = "\(examples) example\(examples == 1 ? "" : "s")"
    if discarded > 0 { text += " (\(discarded) discarded)" }
    let shares = ordered.map { "\(formatted(percent($0.count)))% \($0.name)" }
    return shares.isEmpty ? text : text + ": " + shares.joined(separator: ", ")
  }

  /// The first coverage requirement not met, with the table of labels; nil when all are met.
  var unmetCoverage: String? {
    guard
      let (name, need) = requirements.sorted(by: { $0.key < $1.key }).first(where: {
        percent(counts[$0.key] ?? 0) < $0.value.minimum
      })
    else { return nil }
    var lines = [
      "coverage of \"\(name)\" is \(formatted(percent(counts[name] ?? 0)))% of \(examples) "
        + "examples, below the \(formatted(need.minimum))% required by cover at \(need.site). "
        + "Make the generator reach it more often, or lower the requirement.",
      "",
      "Labels:",
    ]
    for (label, count) in ordered {
      let share = formatted(percent(count)) + "%"
      var row = "  " + String(repeating: " ", count: Swift.max(0, 6 - share.count)) + share
      row += "  " + label
      if let required = requirements[label] { row += " (cover ≥ \(formatted(required.minimum))%)" }
      lines.append(row)
    }
    return lines.joined(separator: "\n")
  }

  private func formatted(_ percent: Double) -> String {
    let rounded = (percent * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
