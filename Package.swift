// swift-tools-version: 6.2
import PackageDescription

/// Every target is compiled in the Swift 6 language mode with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "Uniflow",
  products: [
    // The generic core: Store, reducers, effects and cancellation, dependencies, TestStore.
    .library(name: "Store", targets: ["Store"]),
    // Record, replay and verify action logs of any app whose actions are `LoggableAction`.
    .library(name: "ActionLog", targets: ["ActionLog"]),
    // Generators, shrinking, `forAll`, stateful `ReducerProperty` checks and laws.
    .library(name: "PropertyTesting", targets: ["PropertyTesting"]),
    // What a test file imports: the three above, with failures reported to XCTest or Swift
    // Testing at the caller's file and line.
    .library(name: "StoreTesting", targets: ["StoreTesting"]),
    // The command line for any app's store: REPL, record, replay, travel, shrink.
    .library(name: "Console", targets: ["Console"]),
    .executable(name: "uniflow", targets: ["CLI"]),
    // The benchmarks: `uniflow-bench` (what `uniflow bench` runs), kept out of the app's binary.
    .executable(name: "uniflow-bench", targets: ["Bench"]),
  ],
  targets: [
    // MARK: The library (Sources/Store): generic, knows nothing of the app.

    .target(
      name: "Store", dependencies: ["RuntimeShim"], path: "Sources/Store/Core",
      swiftSettings: strict),
    // The Swift runtime's type lookup by mangled name, for the reflective case paths: a C call
    // reaches it in static binaries too, where a lookup by name (dlsym) finds nothing.
    .target(name: "RuntimeShim", path: "Sources/Store/RuntimeShim"),
    .target(
      name: "ActionLog", dependencies: ["Store"], path: "Sources/Store/ActionLog",
      swiftSettings: strict),
    .target(
      name: "PropertyTesting", dependencies: ["Store", "ActionLog"],
      path: "Sources/Store/PropertyTesting", swiftSettings: strict),
    .target(
      name: "StoreTesting", dependencies: ["Store", "ActionLog", "PropertyTesting"],
      path: "Sources/Store/StoreTesting", swiftSettings: strict),

    // MARK: The app.

    // State, actions, reducers, view models, dependency interfaces. Pure: no I/O, no wire format.
    .target(
      name: "Features", dependencies: ["Store"], path: "Sources/Features/Screens",
      swiftSettings: strict),
    // How AppAction and AppState are written to and read from the action log; fingerprints.
    .target(
      name: "AppLog", dependencies: ["Features", "ActionLog", "PropertyTesting"],
      path: "Sources/Features/AppLog",
      swiftSettings: strict),
    // Live and offline implementations of the Features' dependencies.
    .target(
      name: "Effects", dependencies: ["Store", "Features", "GazetteerData"],
      exclude: ["GazetteerData"],
      swiftSettings: strict),
    // The offline gazetteer's files linked into the binary, so `uniflow` runs from anywhere.
    // Gazetteer/: GeoNames, geonames.org, CC BY 4.0 (written by scripts/build-gazetteer.py).
    .target(
      name: "GazetteerData", path: "Sources/Effects/GazetteerData", exclude: ["Gazetteer"],
      cSettings: [.headerSearchPath("Gazetteer")]),
    // The command line for any app's store: REPL, record, replay, travel, shrink, generic over
    // the app (its reducer, command grammar as data, screens and dependencies).
    .target(
      name: "Console", dependencies: ["Store", "ActionLog", "PropertyTesting"],
      path: "Sources/CLI/Console", swiftSettings: strict),
    // The demo app's console: its command grammar, screens, options and wiring on the Console
    // product. A library so that `uniflow` and `uniflow-bench` both link it.
    .target(
      name: "UniflowConsole",
      dependencies: [
        "Store", "ActionLog", "PropertyTesting", "Features", "AppLog", "Effects", "Console",
      ],
      path: "Sources/CLI/Uniflow",
      swiftSettings: strict),
    // The `uniflow` command: the demo app on the console's command line (ConsoleMain).
    .executableTarget(
      name: "CLI", dependencies: ["UniflowConsole", "Console", "Features"],
      path: "Sources/CLI/Main",
      swiftSettings: strict),
    // An app outside the demo, written only against the public products in the docs' style (a
    // podcast player: forEach, two ifLets, an enum child, a hand-written LoggableAction, a
    // ConsoleApp): what `uniflow-bench --only outside-app` measures beside the demo.
    .target(
      name: "OutsideApp", dependencies: ["Store", "ActionLog", "Console"],
      path: "Sources/CLI/OutsideApp", swiftSettings: strict),
    // `uniflow-bench`: every benchmark, and the shrinking and effect-property corpora it runs.
    .executableTarget(
      name: "Bench",
      dependencies: [
        "UniflowConsole", "Store", "ActionLog", "PropertyTesting", "Features", "AppLog", "Effects",
        "Console", "OutsideApp",
      ],
      path: "Sources/CLI/Bench",
      swiftSettings: strict),
    // libFuzzer target for the action log's reader and the app's log coding: see
    // scripts/fuzz-log.sh.
    .executableTarget(
      name: "LogFuzzer", dependencies: ["AppLog", "FuzzSupport"], path: "Sources/CLI/LogFuzzer",
      swiftSettings: strict),
    // libFuzzer target for the console's tools (replay's variants, shrink) on another app's
    // logs: see scripts/fuzz-console.sh.
    .executableTarget(
      name: "ConsoleFuzzer", dependencies: ["Console", "ActionLog", "Store", "FuzzSupport"],
      path: "Sources/CLI/ConsoleFuzzer", swiftSettings: strict),
    // The fuzzers' input file, in a directory of their own (O_NOFOLLOW).
    .target(name: "FuzzSupport", path: "Sources/CLI/FuzzSupport", swiftSettings: strict),

    // MARK: Tests.

    // Shared by the test targets: a loopback HTTP server, the API fixtures, a binary runner.
    .target(
      name: "TestSupport", dependencies: ["Store", "ActionLog", "Console"], path: "Tests/Support",
      resources: [.copy("Fixtures")],
      swiftSettings: strict),

    .testTarget(
      name: "StoreTests", dependencies: ["StoreTesting", "TestSupport"], swiftSettings: strict),
    .testTarget(
      name: "ActionLogTests", dependencies: ["StoreTesting", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "PropertyTestingTests", dependencies: ["StoreTesting", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "FeaturesTests", dependencies: ["Features", "AppLog", "StoreTesting", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "AppLogTests", dependencies: ["AppLog", "Features", "StoreTesting", "TestSupport"],
      swiftSettings: strict),
    .testTarget(
      name: "EffectsTests",
      dependencies: ["Effects", "Features", "Store", "StoreTesting", "TestSupport"],
      swiftSettings: strict),
    // Tests written by `uniflow replay LOG --emit-test` from the logs in Tests/EmittedTests/Logs;
    // CLITests regenerates them and checks they are unchanged.
    // PodcastSession.swift is the test the one-line console writes for TestSupport's Podcast.
    .testTarget(
      name: "EmittedTests", dependencies: ["Features", "StoreTesting", "TestSupport"],
      exclude: ["Logs"], swiftSettings: strict),
    // Examples/Podcasts' feature, compiled here too so that the sessions docs/console.md shows
    // of its one-line console are run by ConsoleTests (the example package builds it as its own).
    .target(
      name: "PodcastsFeature", dependencies: ["Store"], path: "Examples/Podcasts/Sources/Podcasts",
      swiftSettings: strict),
    // The console driven with an app it knows nothing of (the test support's Tally).
    .testTarget(
      name: "ConsoleTests",
      dependencies: ["Console", "StoreTesting", "TestSupport", "PodcastsFeature"],
      swiftSettings: strict),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "UniflowConsole", "Console", "Features", "AppLog", "Effects", "StoreTesting",
        "TestSupport",
        // For the bench's log with a planted symptom (ShrinkWorkload), which the shrink tests use.
        "Bench",
      ],
      swiftSettings: strict),
    // The benchmarks' own code: their arguments, reports and the corpora they run.
    .testTarget(
      name: "BenchTests",
      dependencies: [
        "Bench", "UniflowConsole", "Console", "Features", "StoreTesting", "TestSupport",
      ],
      swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
