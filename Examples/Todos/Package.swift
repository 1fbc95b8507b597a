// swift-tools-version: 6.2
// A todo app outside Uniflow, built as a TCA user would build one: a search that debounces and
// cancels, rows as an identified collection of child features, an optional detail, a timer, and
// dependencies declared once by a key. It depends on the repository by path and imports the
// library products, nothing else. `.ci/run` builds, tests and runs it.
import PackageDescription

let package = Package(
  name: "Todos",
  dependencies: [
    .package(name: "Uniflow", path: "../..")
  ],
  targets: [
    // The features: state, actions, reducers, dependency interfaces. Imports only the core.
    .target(name: "Todos", dependencies: [.product(name: "Store", package: "Uniflow")]),
    // An app running the features in a store with live dependencies.
    .executableTarget(
      name: "TodosApp",
      dependencies: ["Todos", .product(name: "Store", package: "Uniflow")]),
    // The app's console: REPL, record, replay, travel, shrink and emitted tests from the
    // Console product, its actions typed and logged as Swift from their Codable; the app adds
    // its screens, options and a dependency for the tests.
    // snippet: console-target
    .executableTarget(
      name: "TodosConsole",
      dependencies: [
        "Todos", .product(name: "Store", package: "Uniflow"),
        .product(name: "Console", package: "Uniflow"),
      ]),
    // snippet: end
    .testTarget(
      name: "TodosTests",
      dependencies: ["Todos", .product(name: "StoreTesting", package: "Uniflow")]),
  ],
  swiftLanguageModes: [.v6]
)
