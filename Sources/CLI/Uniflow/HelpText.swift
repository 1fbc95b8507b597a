import Commands

/// `:help` and `:help COMMAND`, from the command catalog.
enum HelpText {
  static func lines(topic: String?) -> [String] {
    if let topic,
      let spec = CommandCatalog.spec(for: topic) ?? CommandCatalog.spec(for: ":" + topic)
    {
      return [
        spec.usage, "  " + spec.summary, "  " + spec.details, "  example: \(spec.example)",
      ]
    }
    let width = CommandCatalog.all.map(\.usage.count).max() ?? 0
    var lines = ["Commands (command words are case-insensitive):"]
    for spec in CommandCatalog.all {
      let padding = String(repeating: " ", count: width - spec.usage.count)
      lines.append("  \(spec.usage)\(padding)  \(spec.summary)  (e.g. \(spec.example))")
    }
    lines.append("Lines starting with # are comments. :help COMMAND explains one command.")
    return lines
  }
}
