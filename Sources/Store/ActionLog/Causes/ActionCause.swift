/// Why an action was handled: a line the user typed, a `send` from the app's code, an effect's
/// answer, or travel. A log whose header has ``LogRecords/causes`` writes it on each action line
/// as `"cause"`, in the text ``text`` gives:
///
/// ```swift
/// ActionCause.typed(line: 3).text                                   // "line 3"
/// ActionCause.effect(EffectCause(effect: 4, parent: 12, site: "Search.swift:42")).text
/// // "effect 4 of 12 at Search.swift:42"
/// ```
public enum ActionCause: Equatable, Hashable, Sendable {
  /// A command the user typed: line `line` of the input (of a script, or the `line`-th line
  /// typed at the prompt), from 1.
  case typed(line: Int)
  /// Sent by the app's own code through `Store.send` (at launch, say), not typed.
  case sent
  /// Sent by an effect (see ``EffectCause``).
  case effect(EffectCause)
  /// Travel's own action: it restores the screens travel showed.
  case travel

  /// The cause as a log writes it: `line 3`, `sent`, `travel`, `effect 4 of 12 at F.swift:42`
  /// (`of` and `at` only when known).
  ///
  /// ```swift
  /// ActionCause.sent.text   // "sent"
  /// ```
  public var text: String {
    switch self {
    case .typed(let line): return "line \(line)"
    case .sent: return "sent"
    case .travel: return "travel"
    case .effect(let cause): return cause.text
    }
  }

  /// The cause `text` spells (as ``text`` writes it); nil for any other text.
  ///
  /// ```swift
  /// ActionCause(text: "line 3")   // .typed(line: 3)
  /// ```
  public init?(text: String) {
    if text == "sent" {
      self = .sent
    } else if text == "travel" {
      self = .travel
    } else if text.utf8.starts(with: "line ".utf8), let line = Int(text.dropFirst(5)), line > 0 {
      self = .typed(line: line)
    } else if let cause = EffectCause(text: text) {
      self = .effect(cause)
    } else {
      return nil
    }
  }
}

/// Which effect sent an action: its number, the action whose effect it is, and where its
/// `.run` (or `debounce`, `throttle`, timer) was written.
///
/// ```swift
/// let cause = EffectCause(effect: 4, parent: 12, site: "Sources/Features/Search.swift:42")
/// cause.text   // "effect 4 of 12 at Sources/Features/Search.swift:42"
/// ```
public struct EffectCause: Equatable, Hashable, Sendable {
  /// The effect's number, unique in the session (or the recording); 0 for an action the reducer
  /// returned as `.send`, which runs no task.
  public var effect: Int
  /// The seq of the action whose reducer started the effect; nil when that action is not in the
  /// log or history (before the recording began, or dropped).
  public var parent: Int?
  /// The `.run` call site as `file:line`, e.g. `Sources/Features/Search.swift:42`; nil for a
  /// `.send`.
  public var site: String?

  /// The effect `effect`, started by the action numbered `parent`, written at `site`.
  ///
  /// ```swift
  /// EffectCause(effect: 0, parent: 7, site: nil).text   // "effect 0 of 7"
  /// ```
  public init(effect: Int, parent: Int?, site: String?) {
    self.effect = effect
    self.parent = parent
    self.site = site
  }

  /// `effect 4 of 12 at Search.swift:42`.
  ///
  /// ```swift
  /// EffectCause(effect: 4, parent: nil, site: nil).text   // "effect 4"
  /// ```
  public var text: String {
    var text = "effect \(effect)"
    if let parent { text += " of \(parent)" }
    if let site { text += " at \(site)" }
    return text
  }

  /// The cause `text` spells, as ``text`` writes it; nil for any other text.
  ///
  /// ```swift
  /// EffectCause(text: "effect 4 of 12")?.parent   // 12
  /// ```
  public init?(text: String) {
    // Read byte by byte (a replay reads one per action line), by ``parts(of:)``.
    var text = text
    let read = text.withUTF8 { bytes -> (Int, Int?, String?)? in
      guard let parts = Self.parts(of: bytes) else { return nil }
      let site = parts.site.map {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
      }
      return (parts.effect, parts.parent, site)
    }
    guard let (effect, parent, site) = read else { return nil }
    self.init(effect: effect, parent: parent, site: site)
  }
}
