import Console
import Features
import Foundation
import UniflowConsole

/// `uniflow`: the demo app on the console's command line (`UniflowApp`): the REPL, `replay`,
/// `shrink`, and `bench`.
@main
enum Uniflow {
  static func main() async {
    await ConsoleMain.run(UniflowApp(), initialState: AppState(timeZone: .current))
  }
}
