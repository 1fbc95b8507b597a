import Foundation
import TestSupport
import Testing

/// `uniflow bench …` runs `uniflow-bench …`, the program the benchmarks live in.
@Suite("uniflow bench runs uniflow-bench")
struct BenchForwardingTests {
  @Test("uniflow bench --help prints uniflow-bench's usage and exits 0")
  func helpIsTheBenchsOwn() async throws {
    let result = try await UniflowBinary.run(["bench", "--help"], input: "")
    #expect(result.status == 0)
    #expect(
      result.lines.first
        == "Usage: uniflow-bench [--json] [--only SECTION[,SECTION…]] [--actions N] [--seeds N]")
  }

  @Test("a bench argument uniflow-bench refuses is its usage error, status 2")
  func refusedArgument() async throws {
    let result = try await UniflowBinary.run(["bench", "--only", "nothing"], input: "")
    #expect(result.status == 2)
    #expect(result.errorLines.first?.hasPrefix("uniflow: bench has no section 'nothing'") == true)
  }

  @Test("a uniflow with no uniflow-bench beside it says how to build one, status 2")
  func missingBench() async throws {
    let directory = TemporaryFile("alone")
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.path, withIntermediateDirectories: true)
    let copy = URL(fileURLWithPath: directory.path).appendingPathComponent("uniflow")
    try FileManager.default.copyItem(at: UniflowBinary.url, to: copy)
    let result = try await UniflowBinary.run(["bench", "--json"], input: "", binary: copy)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.errorLines == [
        "uniflow: bench runs the program uniflow-bench, and there is none beside this binary "
          + "(\(directory.path)); build it with: swift build -c release --product uniflow-bench"
      ])
  }
}
