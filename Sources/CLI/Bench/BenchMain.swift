import Console
import Foundation
import UniflowConsole

/// `uniflow-bench`: parses its arguments and runs the sections they ask for (see
/// ``BenchCommand``). `uniflow bench …` runs this program.
@main
enum BenchMain {
  @MainActor
  static func main() async {
    ConsoleREPL.start()
    let arguments: BenchCommand.Arguments
    do {
      arguments = try BenchCommand.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      StandardStreams.write(error.rendered, to: .error)
      ConsoleREPL.leave(2, program: "uniflow-bench")
    }
    ConsoleREPL.leave(await BenchCommand.run(arguments), program: "uniflow-bench")
  }
}
