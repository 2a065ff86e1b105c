// swift-tools-version: 6.1

import PackageDescription

let package = Package(
  name: "StateWorkbench",
  products: [
    .library(name: "StateMachines", targets: ["StateMachines"]),
    .library(name: "Diagrams", targets: ["Diagrams"]),
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
    .testTarget(
      name: "DiagramsTests", dependencies: ["Diagrams", "StateMachines"], exclude: ["Golden"]),
    .testTarget(
      name: "WorkbenchTests",
      dependencies: ["Workbench", "StateMachines"],
      // Sample benchmark results and sources, read by path, never compiled.
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
