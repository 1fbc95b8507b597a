import Console
import Podcasts

// snippet: main
@main enum Main {
  static func main() async { await ConsoleMain.run(Feature(), initialState: Feature.State()) }
}
// snippet: end
