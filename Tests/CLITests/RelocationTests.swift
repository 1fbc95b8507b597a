import Foundation
import TestSupport
import Testing

/// `uniflow` copied away from its build folder: everything it needs is in the binary.
@Suite("uniflow outside its build folder")
struct RelocationTests {
  @Test("a copy in a folder of its own finds places in the gazetteer linked into it")
  func copiedBinaryWorks() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-relocated-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: UniflowBinary.url, to: folder.appendingPathComponent("uniflow"))
    let result = try await ShellCommand.run(
      "printf 'changeLocation 서울\\nchangeLocation anchorage, ak\\n' "
        + "| ./uniflow --offline --no-default-location",
      in: folder, environment: ["UNIFLOW_FIXED_NOW": "2026-11-29T03:45:12Z", "TZ": "Asia/Seoul"])
    #expect(result.status == 0, "\(result.output)")
    // "Seoul" and "Anchorage, AK" are the gazetteer's names for what was typed.
    #expect(result.output.contains("weather: Seoul · unavailable: offline\n"))
    #expect(result.output.contains("weather: Anchorage, AK · unavailable: offline\n"))
  }

  @Test("the binary looks for no resource bundle, so none can be missing")
  func noResourceBundle() throws {
    let binary = try Data(contentsOf: UniflowBinary.url)
    // SwiftPM's generated `Bundle.module` accessor names the bundle it looks for, and traps
    // when it is not there.
    #expect(binary.range(of: Data("Uniflow_Effects.resources".utf8)) == nil)
    #expect(binary.range(of: Data("could not load resource bundle".utf8)) == nil)
  }
}
