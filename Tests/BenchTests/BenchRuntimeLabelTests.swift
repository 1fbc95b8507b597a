import Foundation
import TestSupport
import Testing

@testable import Bench
@testable import Console

@Suite("the bench header's runtime label")
struct BenchRuntimeLabelTests {
  @Test("/proc/self/maps is read to its end, past the first 4 KB")
  func readsProcfsWhole() throws {
    let maps = try #require(ProcFile.read("/proc/self/maps"))
    // A Swift test process maps dozens of libraries: far more than 4 KB of lines.
    #expect(maps.utf8.count > 8192)
    #expect(maps.hasSuffix("\n"))
    #expect(maps.contains("[stack]"), "the stack is mapped last, after every library")
  }

  @Test("this test process, linked to the shared Swift runtime, is labelled shared")
  func labelsThisProcess() {
    #expect(BenchReport.swiftRuntimeIsShared)
  }

  @Test("a mapping of libswiftCore.so anywhere in the maps, however far in, means shared")
  func findsTheRuntimeAnywhere() {
    let filler = (0..<200).map {
      "7f00\($0)000-7f00\($0)fff r--p 00000000 00:2a 1234 /usr/lib/x86_64-linux-gnu/libz.so.1.2.13"
    }.joined(separator: "\n")
    let runtime =
      "7fff0000-7fff1000 r-xp 00000000 00:2a 99 /opt/swift/usr/lib/swift/linux/libswiftCore.so"
    #expect(BenchReport.swiftRuntimeIsShared(maps: filler + "\n" + runtime + "\n"))
    #expect(!BenchReport.swiftRuntimeIsShared(maps: filler + "\n"))
    #expect(!BenchReport.swiftRuntimeIsShared(maps: ""))
  }

  @Test("the built uniflow names the runtime it runs on in the bench's JSON header")
  func builtBinaryLabel() async throws {
    let result = try await UniflowBinary.run(["bench", "--only", "gazetteer", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let machine = try #require(object?["machine"] as? [String: Any])
    // `swift build` links the Swift runtime as a shared library, as it did this test process.
    #expect(machine["swiftRuntime"] as? String == "shared")
  }
}
