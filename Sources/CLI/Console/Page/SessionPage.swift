import ActionLog
import Foundation

/// One self-contained HTML page of a session (`replay LOG --html FILE`, `:html FILE`): the
/// actions with their causes, the state after each as a tree, each action's diff and the
/// effects' timeline, its data inside the page as JSON and its script and style inline.
///
/// ```swift
/// var page = try SessionPage(app: "todos 1.0.0", title: "s.log", start: state)
/// try page.append(PageAction(seq: 1, source: "sent", text: ".addTapped(\"Tea\")",
///   name: "addTapped"), state: next)
/// let html = page.html()
/// ```
///
/// **Bounds.** The page keeps the start state whole, and each action's patch (``PagePatch``);
/// it keeps the state after an action whole again (a checkpoint) once the patches since the last
/// checkpoint total at least that state's size. So rebuilding any state in the page applies
/// fewer bytes of patches than the state's own size, and the checkpoints together take no more
/// bytes than the patches do: the data is at most the start state, twice the patches, and the
/// actions' text. Building it is O(S) per action for a state of S bytes (encoding, reading and
/// comparing it), and memory is the page's size plus two states.
package struct SessionPage {
  /// The app and version, shown as the page's title with ``title``.
  package let app: String
  /// What the session is: the log's file name, or the REPL's session.
  package let title: String
  /// The effects of the session, as the timeline draws them (see docs/inspect.md): each
  /// `{"id", "site", "kind", "from", "to", "end", "calls", "sent"}`.
  package var effects: [PageJSON] = []
  /// Dependency calls the log holds, as the timeline draws them when no effect claims them:
  /// `{"name", "after", "t", "input", "output" or "failure"}`.
  package var calls: [PageJSON] = []

  /// The actions' JSON arrays (``PageAction``), comma-separated.
  private var actions: [UInt8] = []
  /// The actions' names and sources, each listed once; an action gives its index in each.
  private var names: [String] = []
  private var nameIndex: [String: Int] = [:]
  private var sources: [String] = []
  private var sourceIndex: [String: Int] = [:]
  /// The checkpoints' `"POSITION":STATE` members, comma-separated.
  private var states: [UInt8] = []
  private var previous: PageJSON
  private var previousBytes: [UInt8]
  private var patchBytesSinceCheckpoint = 0
  /// How many actions have been appended.
  package private(set) var count = 0
  /// For each action appended, the bytes of its patch; and the positions of the checkpoints
  /// (0: the start state): what the tests check the bound against.
  package private(set) var patchSizes: [Int] = []
  package private(set) var checkpoints: [Int] = [0]
  /// The size of the state after each action, as its JSON has it.
  package private(set) var stateSizes: [Int] = []

  /// A page whose session starts at `start` (its first state), from `app`, titled `title`.
  package init<State: Encodable>(app: String, title: String, start: State) throws {
    self.app = app
    self.title = title
    previousBytes = try Self.encode(start)
    previous = try PageJSONParser.parse(previousBytes)
    stateSizes.append(previousBytes.count)
    appendCheckpoint()
  }

  /// Adds the next action, which left the state `state`; `unchanged` says that it equals the
  /// state before (skipping its encoding).
  package mutating func append<State: Encodable>(
    _ action: PageAction, state: State, unchanged: Bool = false
  ) throws {
    var patch: [PageJSON] = []
    if !unchanged {
      let bytes = try Self.encode(state)
      if bytes != previousBytes {
        let value = try PageJSONParser.parse(bytes)
        patch = PagePatch.between(previous, value)
        previous = value
        previousBytes = bytes
      }
    }
    var patchBytes: [UInt8] = []
    PageJSON.array(patch).write(to: &patchBytes)
    if count > 0 { actions.append(UInt8(ascii: ",")) }
    let name = Self.index(of: action.name, in: &names, &nameIndex)
    let source = Self.index(of: action.source, in: &sources, &sourceIndex)
    action.json(name: name, source: source, patch: patchBytes, into: &actions)
    count += 1
    patchSizes.append(patchBytes.count)
    stateSizes.append(previousBytes.count)
    patchBytesSinceCheckpoint += patchBytes.count
    if patchBytesSinceCheckpoint >= previousBytes.count { appendCheckpoint() }
  }

  private static func index(of text: String, in list: inout [String], _ index: inout [String: Int])
    -> Int
  {
    if let known = index[text] { return known }
    list.append(text)
    index[text] = list.count - 1
    return list.count - 1
  }

  private mutating func appendCheckpoint() {
    if !states.isEmpty { states.append(UInt8(ascii: ",")) }
    PageJSON.writeString(String(count), to: &states)
    states.append(UInt8(ascii: ":"))
    previous.write(to: &states)
    if count > 0 { checkpoints.append(count) }
    patchBytesSinceCheckpoint = 0
  }

  private static func encode<State: Encodable>(_ state: State) throws -> [UInt8] {
    try LogStateCoding.encode(state, with: LogStateCoding.encoder())
  }

  /// The page's data: `{"format":1,"app","title","names","sources","actions","states",
  /// "effects","calls"}`, escaped to sit inside a `<script>` element (``PageJSON/write(to:)``);
  /// docs/inspect.md describes each.
  package func data() -> [UInt8] {
    var bytes: [UInt8] = Array(#"{"format":1,"app":"#.utf8)
    PageJSON.writeString(app, to: &bytes)
    bytes.append(contentsOf: #","title":"#.utf8)
    PageJSON.writeString(title, to: &bytes)
    bytes.append(contentsOf: #","names":"#.utf8)
    PageJSON.array(names.map(PageJSON.string)).write(to: &bytes)
    bytes.append(contentsOf: #","sources":"#.utf8)
    PageJSON.array(sources.map(PageJSON.string)).write(to: &bytes)
    bytes.append(contentsOf: #","actions":["#.utf8)
    bytes.append(contentsOf: actions)
    bytes.append(contentsOf: #"],"states":{"#.utf8)
    bytes.append(contentsOf: states)
    bytes.append(contentsOf: #"},"effects":"#.utf8)
    PageJSON.array(effects).write(to: &bytes)
    bytes.append(contentsOf: #","calls":"#.utf8)
    PageJSON.array(calls).write(to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return bytes
  }

  /// The whole page: ``PageResources``' shell with the style, the data and the script in it.
  package func html() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(actions.count + states.count + 64 * 1024)
    bytes.append(contentsOf: PageResources.head.utf8)
    bytes.append(contentsOf: PageResources.style.utf8)
    bytes.append(contentsOf: PageResources.body.utf8)
    bytes.append(contentsOf: data())
    bytes.append(contentsOf: PageResources.scriptStart.utf8)
    for part in PageResources.script { bytes.append(contentsOf: part.utf8) }
    bytes.append(contentsOf: PageResources.end.utf8)
    return bytes
  }
}

/// An action as the page lists it. In the page's data it is an array, `[SEQ, SOURCE, NAME,
/// TEXT, CLOCK, PATCH, CAUSE]`: SOURCE and NAME index the data's `sources` and `names`, CLOCK is
/// seconds or `null`, PATCH the ``PagePatch`` operations, CAUSE left out where unknown.
///
/// ```swift
/// PageAction(seq: 3, source: "effect", text: ".search(.answered([\"Tea\"]))",
///   name: "search.answered", clock: 0.327907)
/// ```
package struct PageAction {
  package var seq: Int
  /// Where it came from: `typed`, `sent`, `effect`, `travel`, `launch`.
  package var source: String
  /// The action as the log or the history writes it.
  package var text: String
  /// Its case path, which the filter matches: `rows.element.toggled`.
  package var name: String
  /// Seconds on the app's clock since the session began, where the log has them.
  package var clock: Double?
  /// Why it happened, as the page shows it (`{"k": "typed", "line": 3}`, `{"k": "effect",
  /// "by": 4, "site": "Search.swift:41"}`), where known.
  package var cause: PageJSON?

  package init(
    seq: Int, source: String, text: String, name: String, clock: Double? = nil,
    cause: PageJSON? = nil
  ) {
    self.seq = seq
    self.source = source
    self.text = text
    self.name = name
    self.clock = clock
    self.cause = cause
  }

  /// Appends the action's array, its `patch` already written as JSON.
  func json(name: Int, source: Int, patch: [UInt8], into bytes: inout [UInt8]) {
    bytes.append(contentsOf: "[\(seq),\(source),\(name),".utf8)
    PageJSON.writeString(text, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    if let clock, clock.isFinite {
      bytes.append(contentsOf: String(clock).utf8)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    bytes.append(UInt8(ascii: ","))
    bytes.append(contentsOf: patch)
    if let cause {
      bytes.append(UInt8(ascii: ","))
      cause.write(to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }
}
