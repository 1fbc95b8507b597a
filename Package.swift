// swift-tools-version: 6.2
import PackageDescription

/// Every target is compiled in the Swift 6 language mode with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "Uniflow",
  products: [
    .executable(name: "uniflow", targets: ["CLI"]),
    .library(name: "Store", targets: ["Store"]),
  ],
  targets: [
    // The generic core: Store, reducers, effects, the test store. Knows nothing of the app.
    .target(name: "Store", swiftSettings: strict),
    // Reports TestStore and property failures to XCTest or Swift Testing, whichever is running.
    .target(name: "StoreTesting", dependencies: ["Store"], swiftSettings: strict),
    // The app: state, actions, reducers, view models, dependency interfaces. Pure.
    .target(name: "Features", dependencies: ["Store"], swiftSettings: strict),
    // Live and offline implementations of the Features' dependencies.
    // Resources/Gazetteer: GeoNames, geonames.org, CC BY 4.0 (scripts/build-gazetteer.py).
    .target(
      name: "Effects", dependencies: ["Store", "Features"],
      resources: [.copy("Resources/Gazetteer")],
      swiftSettings: strict),
    // The REPL's command grammar: a typed line to a command or an error with its column. A
    // library of its own so that the fuzzer below can link it.
    .target(name: "Commands", dependencies: ["Features"], swiftSettings: strict),
    // The `uniflow` command: REPL, replay, bench.
    .executableTarget(
      name: "CLI", dependencies: ["Store", "Features", "Effects", "Commands"],
      swiftSettings: strict),
    // libFuzzer target for the command grammar: see scripts/fuzz-commands.sh.
    .executableTarget(name: "CommandFuzzer", dependencies: ["Commands"], swiftSettings: strict),

    // Shared by the test targets: a loopback HTTP server, the API fixtures, a binary runner.
    .target(
      name: "TestSupport", dependencies: ["Store"], path: "Tests/Support",
      resources: [.copy("Fixtures")],
      swiftSettings: strict),

    .testTarget(
      name: "StoreTests", dependencies: ["Store", "StoreTesting", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "FeaturesTests", dependencies: ["Features", "Store", "StoreTesting", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "EffectsTests", dependencies: ["Effects", "Features", "Store", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "CLITests", dependencies: ["CLI", "Commands", "Features", "Store", "TestSupport"],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
