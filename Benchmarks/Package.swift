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
    // What every measurement shares: the machines' event streams, the loop
    // that drives them, and what the loop keeps of the outputs.
    .target(
      name: "Harness",
      dependencies: [.product(name: "StateMachines", package: "StateWorkbench")],
      path: "Harness"
    ),
    .executableTarget(
      name: "DispatchCost",
      dependencies: [
        "Harness",
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
    // The same loop, run once under `valgrind --tool=callgrind`: the
    // instructions each style spends per event (scripts/count-instructions).
    .executableTarget(
      name: "InstructionCount",
      dependencies: ["Harness", .product(name: "StateMachines", package: "StateWorkbench")],
      path: "InstructionCount"
    ),
  ],
  swiftLanguageModes: [.v6]
)
