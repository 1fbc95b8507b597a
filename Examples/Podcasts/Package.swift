// swift-tools-version: 6.2
// A podcast app outside Uniflow whose console is one line: a list of episodes (a collection of
// child features by id) that download, a player (an optional child), a search sheet (an enum
// child), and dependencies declared by their keys. Its actions and state are Codable as Swift
// synthesizes them, and nothing else of the console's is written. `.ci/run` drives it from
// outside: record, verify, diff, shrink, and an emitted test run in its own test target.
import PackageDescription

let package = Package(
  name: "Podcasts",
  dependencies: [
    .package(name: "Uniflow", path: "../..")
  ],
  targets: [
    // The features: state, actions, reducers, dependencies. Imports only the core.
    .target(name: "Podcasts", dependencies: [.product(name: "Store", package: "Uniflow")]),
    // snippet: console-target
    .executableTarget(
      name: "PodcastsConsole",
      dependencies: ["Podcasts", .product(name: "Console", package: "Uniflow")]),
    // snippet: end
    .testTarget(
      name: "PodcastsTests",
      dependencies: ["Podcasts", .product(name: "StoreTesting", package: "Uniflow")]),
  ],
  swiftLanguageModes: [.v6]
)
