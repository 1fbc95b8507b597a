import Console
import Features

/// One line of uniflow's REPL input, understood.
package typealias Command = ConsoleCommand<AppAction>
