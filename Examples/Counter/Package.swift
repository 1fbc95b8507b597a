// swift-tools-version: 6.2
// An app outside Uniflow that uses it as a new user would: it depends on the repository by path
// and imports the library products, nothing else. `.ci/run` builds and tests it.
import PackageDescription

let package = Package(
  name: "Counter",
  // snippet: manifest
  dependencies: [
    // In your own package, from any clone's URL (file:// works too):
    //   .package(url: "file:///path/to/uniflow", branch: "main")
    // or, where the clone has the release tags, from: "0.8.0" instead of branch: "main";
    // or from a clone next to it: .package(name: "Uniflow", path: "../uniflow")
    .package(name: "Uniflow", path: "../..")
  ],
  targets: [
    // The feature: state, actions, reducer. Imports only the core.
    .target(name: "Counter", dependencies: [.product(name: "Store", package: "Uniflow")]),
    // Tests import `StoreTesting` (TestStore, forAll, ReducerProperty) and a test framework.
    .testTarget(
      name: "CounterTests",
      dependencies: ["Counter", .product(name: "StoreTesting", package: "Uniflow")]),
    // snippet: end
    // An app running the feature in a store. Links no action-log or property-testing code.
    .executableTarget(
      name: "CounterApp",
      dependencies: ["Counter", .product(name: "Store", package: "Uniflow")]),
    // The same app recording its actions to a log and replaying it.
    .executableTarget(
      name: "CounterRecorder",
      dependencies: [
        "Counter", .product(name: "Store", package: "Uniflow"),
        .product(name: "ActionLog", package: "Uniflow"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
