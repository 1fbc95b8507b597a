import Store

/// `:history --json`'s items and the one-line descriptions of actions every listing uses.
extension ActionHistory {
  /// `:history` for `--json`, item `index` (0 ..< number of actions kept), as JSON text:
  /// `{"action":"…","seq":1,"source":"launch"}`, with `"current":true` on the state shown.
  ///
  /// Bound: O(length of the item) once its action is described, and an action is described
  /// once per listing while it recurs among the last ``DescriptionCache/capacity`` distinct
  /// ones (``describe(_:)`` reads its enums by tag and walks the rest with `Mirror`, the
  /// listing's ``OneLineDumper`` knowing each type and enum case it met): a listing of N entries is O(N) JSON plus one description per distinct
  /// run of actions, in memory for at most that many descriptions. Budget: a listing of
  /// 300,000 of the demo's mixed actions in at most 3 CPU seconds (`uniflow-bench --only
  /// budgets`).
  package func jsonEntry(_ index: Int, descriptions: DescriptionCache) -> String {
    let seq = timeline.firstPosition + index + 1
    let packed = timeline.action(seq)
    let action = descriptions.json(
      of: packed.slot, travel: packed.source == .travel, action: table.action(packed.slot)
    ) {
      JSONLine.string(
        describe(Entry(source: packed.source, action: $0), dumper: descriptions.dumper))
    }
    var entry = #"{"action":"#
    entry.reserveCapacity(action.utf8.count + 64)
    entry += action
    if let cause = cause(seq) {
      entry += #","cause":"#
      entry += JSONLine.string(cause.text)
    }
    if seq == position { entry += #","current":true"# }
    entry += #","seq":"#
    entry += String(seq)
    entry += #","source":""#
    entry += packed.source.rawValue  // a plain word: nothing to escape
    entry += #""}"#
    return entry
  }

  /// The descriptions of the actions one `:history --json` listing has written, as JSON
  /// strings: by table slot, and by value for an action that recurs under other slots (the
  /// table shares a slot only among the latest few distinct actions) — found by its bytes'
  /// hash and confirmed with `==`, so a value whose bytes differ is only described again.
  /// Each keeps the last ``capacity`` distinct ones, so that an action that recurs is
  /// described once; and the ``OneLineDumper`` that describes them learns each type once per
  /// listing.
  package final class DescriptionCache {
    /// The most descriptions kept by slot, and by value; past it each starts again, empty.
    package static var capacity: Int { 1_024 }
    private var texts: [Int: String] = [:]
    private var byValue: [Int: [(action: Action, text: String)]] = [:]
    private var valueCount = 0
    let dumper = OneLineDumper()

    package init() {}

    /// The description of `action`, the one in `slot`, as a JSON string (told apart for
    /// travel, which is described by its name alone), made by `describe` the first time.
    func json(of slot: Int, travel: Bool, action: Action, _ describe: (Action) -> String)
      -> String
    {
      let key = slot << 1 | (travel ? 1 : 0)
      if let text = texts[key] { return text }
      if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
      var hasher = Hasher()
      withUnsafeBytes(of: action) { hasher.combine(bytes: $0) }
      hasher.combine(travel)
      let hash = hasher.finalize()
      if let text = byValue[hash]?.first(where: { $0.action == action })?.text {
        texts[key] = text
        return text
      }
      let text = describe(action)
      texts[key] = text
      if valueCount >= Self.capacity {
        byValue.removeAll(keepingCapacity: true)
        valueCount = 0
      }
      byValue[hash, default: []].append((action, text))
      valueCount += 1
      return text
    }
  }

  /// An entry's action on one line: travel's own actions by their name alone (`.restored(…)`),
  /// the state they carry left out.
  package func describe(_ entry: Entry) -> String { describe(entry, dumper: dumper) }

  /// ``describe(_:)`` with `dumper`, which knows the types it met before.
  func describe(_ entry: Entry, dumper: OneLineDumper) -> String {
    guard entry.source == .travel else { return Self.describe(entry.action, dumper: dumper) }
    let name = Self.describe(entry.action, dumper: dumper).prefix { $0 != "(" }
    return name + "(…)"
  }

  /// An action on one line, at most 160 characters: its dump's lines trimmed and joined by
  /// spaces, with no space just inside a parenthesis.
  package static func describe(_ action: Action) -> String {
    describe(action, dumper: OneLineDumper())
  }

  /// ``describe(_:)`` with `dumper`, which knows the types it met before. O(size of the dump).
  static func describe(_ action: Action, dumper: OneLineDumper) -> String {
    let text = OneLineText.tightened(dumper.line(action))
    if text.utf8.count <= 160 { return text }
    return text.count > 160 ? String(text.prefix(159)) + "…" : text
  }
}
