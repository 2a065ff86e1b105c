// swift-tools-version: 6.1

import PackageDescription

/// The benchmarks of the state machine workbench: dispatch cost, and the
/// command line's cost for long runs.
///
/// A package of its own, so that the workbench's `swift build` and
/// `swift test` never build package-benchmark. Run from this directory:
/// `swift package --allow-writing-to-package-directory benchmark`.
let package = Package(
  name: "Benchmarks",
  dependencies: [
    .package(name: "StateWorkbench", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "DispatchCost",
      dependencies: [
        .product(name: "StateMachines", package: "StateWorkbench"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "DispatchCost",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The command line's cost for long runs: reading and running must be
    // linear in the number of events.
    .executableTarget(
      name: "Parsing",
      dependencies: [
        .product(name: "Workbench", package: "StateWorkbench"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Parsing",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
