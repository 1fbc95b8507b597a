import Commands

/// libFuzzer's entry point: every input, as the REPL would receive it (invalid UTF-8 repaired,
/// one line at a time), must parse to a command or a `CommandError` — never trap or hang.
///
/// Build and run with `scripts/fuzz-commands.sh SECONDS`, which builds with
/// `swift build --sanitize=fuzzer --product CommandFuzzer -Xswiftc -DFUZZING`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    do {
      _ = try CommandParser.parse(String(line))
    } catch {
      _ = error.description  // the message must be buildable for any input, too
    }
  }
  return 0
}

#if !FUZZING
  /// Without libFuzzer (a plain `swift build`), the target still links: this `main` runs the
  /// entry point once on each argument, which is handy for replaying a crash file's contents.
  @main
  enum CommandFuzzerMain {
    static func main() {
      for argument in CommandLine.arguments.dropFirst() {
        let bytes = Array(argument.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
          buffer.baseAddress.map { fuzzCommandParser($0, buffer.count) }
        }
      }
      print("CommandFuzzer: build with scripts/fuzz-commands.sh to fuzz the command parser")
    }
  }
#endif
