// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "StateWorkbench",
  products: [
    .library(name: "StateMachines", targets: ["StateMachines"]),
    .library(name: "Diagrams", targets: ["Diagrams"]),
    // One shared library with both modules, loaded by the REPL (`./repl`).
    .library(name: "WorkbenchREPL", type: .dynamic, targets: ["StateMachines", "Diagrams"]),
    .library(name: "Workbench", targets: ["Workbench"]),
    .executable(name: "fsm", targets: ["fsm"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(name: "StateMachines"),
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
    ),
    .target(name: "Diagrams", dependencies: ["StateMachines", "CGraphviz"]),
    .target(
      name: "Workbench",
      dependencies: [
        "StateMachines",
        "Diagrams",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "fsm", dependencies: ["Workbench"]),
    .testTarget(name: "StateMachinesTests", dependencies: ["StateMachines"]),
    .testTarget(name: "WorkbenchTests", dependencies: ["Workbench", "StateMachines"]),
    // Compiles and runs every lesson against the built modules, so they must be built first.
    .testTarget(name: "LessonsTests", dependencies: ["StateMachines", "Diagrams"]),
    // The student's exercises and their checks (`CHECK_EXERCISES=1 swift test --filter ...`).
    .testTarget(name: "ExercisesTests", dependencies: ["StateMachines"], path: "Lessons/Exercises"),
  ],
  swiftLanguageModes: [.v6]
)
