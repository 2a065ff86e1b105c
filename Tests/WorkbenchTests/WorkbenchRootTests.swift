import Foundation
import Testing

@testable import Workbench

/// Where `fsm` finds the checkout it reads its own files from.
@Suite("WorkbenchRoot: the checkout fsm reads from")
struct WorkbenchRootTests {
  /// The checkout the tests were built from.
  let checkout = WorkbenchRoot.builtFrom

  @Test("the current folder is '.'; a folder above it is named by its path")
  func fromTheCurrentFolder() throws {
    #expect(
      try WorkbenchRoot.locate(environment: nil, currentFolder: checkout, builtFrom: "/nowhere")
        == ".")
    #expect(
      try WorkbenchRoot.locate(
        environment: nil, currentFolder: checkout + "/Sources/Workbench", builtFrom: "/nowhere")
        == checkout)
  }

  @Test("from a folder outside any checkout: the checkout fsm was built from")
  func fromWhereItWasBuilt() throws {
    let folder = try TemporaryFolder()
    #expect(
      try WorkbenchRoot.locate(environment: nil, currentFolder: folder.path, builtFrom: checkout)
        == checkout)
  }

  @Test("FSM_ROOT wins, even over the current folder; empty, it is not set")
  func fromTheEnvironment() throws {
    let folder = try TemporaryFolder()
    #expect(
      try WorkbenchRoot.locate(
        environment: checkout, currentFolder: folder.path, builtFrom: "/nowhere") == checkout)
    #expect(
      try WorkbenchRoot.locate(environment: "", currentFolder: checkout, builtFrom: "/nowhere")
        == ".")
    #expect {
      try WorkbenchRoot.locate(
        environment: folder.path, currentFolder: checkout, builtFrom: checkout)
    } throws: { error in
      "\(error)"
        == "cannot find the workbench: FSM_ROOT is '\(folder.path)', which holds no "
        + "Package.swift and Sources/StateMachines; set FSM_ROOT to a checkout of the "
        + "workbench, or unset it"
    }
  }

  @Test("found nowhere: the message names every place looked, and how to point fsm at one")
  func nowhere() throws {
    let folder = try TemporaryFolder()
    let inner = folder.file("inner")
    try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
    // A folder with only Package.swift is not the workbench.
    try Data().write(to: URL(fileURLWithPath: folder.file("Package.swift")))
    var above: [String] = []
    var path = URL(fileURLWithPath: folder.path).deletingLastPathComponent()
    while true {
      above.append(path.path)
      guard path.path != "/" else { break }
      path = path.deletingLastPathComponent()
    }
    let places = [inner, folder.path] + above
    let looked = places.dropLast().joined(separator: ", ") + " and " + (places.last ?? "")
    #expect {
      try WorkbenchRoot.locate(environment: nil, currentFolder: inner, builtFrom: "/nowhere")
    } throws: { error in
      "\(error)"
        == "cannot find the workbench (a folder with Package.swift and Sources/StateMachines): "
        + "looked in the current folder and those above it (\(looked)) and in the checkout fsm "
        + "was built from (/nowhere); run fsm from a checkout of the workbench, or set FSM_ROOT "
        + "to one"
    }
  }
}
