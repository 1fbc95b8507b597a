import UniflowConsole

/// `uniflow`: the demo app's console (see `UniflowMain`).
@main
enum Uniflow {
  static func main() async { await UniflowMain.run() }
}
