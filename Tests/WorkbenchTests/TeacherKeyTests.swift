import Foundation
import Testing

@testable import Workbench

/// The teacher's key that outlives a restart: where it is kept, how it is
/// made, read and renewed, and what `fsm serve` says when it cannot be.
/// Every test keeps it in a temporary folder, never in the real home.
@Suite("fsm serve: the teacher's key, kept across restarts")
struct TeacherKeyTests {
  @Test("it is kept in $XDG_STATE_HOME/fsm, else ~/.local/state/fsm; nowhere without either")
  func path() {
    #expect(
      TeacherKey.path(in: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/fsm/teacher-key")
    #expect(TeacherKey.path(in: ["HOME": "/h"]) == "/h/.local/state/fsm/teacher-key")
    // The XDG specification: a relative path is ignored.
    #expect(
      TeacherKey.path(in: ["XDG_STATE_HOME": "state", "HOME": "/h"])
        == "/h/.local/state/fsm/teacher-key")
    #expect(TeacherKey.path(in: [:]) == nil)
  }

  @Test("made once with mode 0600, read back by the next start; --new-teacher-key replaces it")
  func keptAcrossStarts() throws {
    let folder = try TemporaryFolder()
    let path = try #require(TeacherKey.path(in: ["XDG_STATE_HOME": folder.path]))
    let first = try TeacherKey.kept(at: path)
    #expect(first.made)
    #expect(TeacherKey.isValid(first.key))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder.file("fsm"))[.posixPermissions]
      as? Int
    #expect(folderMode == 0o700)
    let again = try TeacherKey.kept(at: path)
    #expect(again.key == first.key)
    #expect(!again.made)
    let renewed = try TeacherKey.kept(at: path, renew: true)
    #expect(renewed.made)
    #expect(renewed.key != first.key)
    #expect(try TeacherKey.kept(at: path).key == renewed.key)
    // Only the key's file is left in the folder: no temporary file.
    #expect(TemporaryFolder.listing(of: folder.file("fsm")) == ["teacher-key"])
  }

  @Test("a file that holds no key, or cannot be read, is an error naming the file and the fix")
  func badFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("teacher-key")
    try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try TeacherKey.kept(at: path)
    } throws: { error in
      let message = (error as? TeacherKey.Failure)?.message ?? ""
      return message.contains(path) && message.contains("--new-teacher-key")
        && message.contains(TeacherKey.rule)
    }
    // --new-teacher-key is the fix.
    #expect(try TeacherKey.kept(at: path, renew: true).made)

    // A folder where the file should be: unreadable, as root too.
    let unreadable = folder.file("folder")
    try FileManager.default.createDirectory(atPath: unreadable, withIntermediateDirectories: false)
    #expect {
      try TeacherKey.kept(at: unreadable)
    } throws: { error in
      let message = (error as? TeacherKey.Failure)?.message ?? ""
      return message.hasPrefix("cannot read the teacher's key in \(unreadable)")
        && message.contains("--teacher-key")
    }

    // A folder that cannot be written.
    let locked = try UnwritableFolder()
    let nowhere = try #require(TeacherKey.path(in: ["XDG_STATE_HOME": locked.path]))
    #expect {
      try TeacherKey.kept(at: nowhere)
    } throws: { error in
      let message = (error as? TeacherKey.Failure)?.message ?? ""
      return message.hasPrefix("cannot keep the teacher's key in \(nowhere)")
        && message.contains("XDG_STATE_HOME") && message.contains("--teacher-key")
    }
  }

  @Test("a key given with --teacher-key is checked: its length and its characters")
  func given() throws {
    #expect(try TeacherKey.given("Room-101_autumn-2025") == "Room-101_autumn-2025")
    for bad in [
      "short", String(repeating: "k", count: 129), "with space in the key", "ключключключключ",
    ] {
      #expect {
        try TeacherKey.given(bad)
      } throws: { error in
        ((error as? TeacherKey.Failure)?.message ?? "").hasPrefix(
          "--teacher-key takes \(TeacherKey.rule)")
      }
    }
    #expect(!TeacherKey.isValid("key/with/slashes"))
  }

  @Test("fsm serve refuses a bad --teacher-key, and both key options at once, before serving")
  func usageErrors() {
    let short = fsm("serve", "--teacher-key", "abc")
    #expect(short.status == 64)
    #expect(short.firstError.contains("--teacher-key takes \(TeacherKey.rule)"))
    #expect(short.firstError.contains("has 3 characters"))
    let both = fsm("serve", "--teacher-key", "Room-101_autumn-2025", "--new-teacher-key")
    #expect(both.status == 64)
    #expect(both.firstError.contains("not both"))
  }

  @Test("the key fsm serve uses: the one given, the one kept, or one for this run only")
  func serveKey() throws {
    let given = try ServeCommand.teacherKey(
      given: "Room-101_autumn-2025", renew: false, environment: [:])
    #expect(given.key == "Room-101_autumn-2025")
    #expect(given.note.contains("kept nowhere"))
    let folder = try TemporaryFolder()
    let environment = ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent"]
    let made = try ServeCommand.teacherKey(given: nil, renew: false, environment: environment)
    #expect(made.note.contains(folder.file("fsm/teacher-key")))
    #expect(made.note.contains("--new-teacher-key"))
    let again = try ServeCommand.teacherKey(given: nil, renew: false, environment: environment)
    #expect(again.key == made.key)
    let renewed = try ServeCommand.teacherKey(given: nil, renew: true, environment: environment)
    #expect(renewed.key != made.key)
    let nowhere = try ServeCommand.teacherKey(given: nil, renew: false, environment: [:])
    #expect(TeacherKey.isValid(nowhere.key))
    #expect(nowhere.note.contains("lasts until the server stops"))
  }

  @Test("the real fsm serve, given a broken key file, says so and exits before serving")
  func brokenFileEndToEnd() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("fsm"), withIntermediateDirectories: false)
    try Data("{oops}".utf8).write(to: URL(fileURLWithPath: folder.file("fsm/teacher-key")))
    let run = try ExecutableTests.run(
      ["serve", "--port", "1"], standardInput: FileHandle.nullDevice,
      environment: ["XDG_STATE_HOME": folder.path], deadline: 30)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains(folder.file("fsm/teacher-key")))
    #expect(run.errors.contains("--new-teacher-key"))
  }

  @Test("a usage error of fsm serve makes no key: a bad host is refused before the key is read")
  func usageErrorKeepsNothing() throws {
    let folder = try TemporaryFolder()
    let run = try ExecutableTests.run(
      ["serve", "--host", "not an address", "--port", "1"], standardInput: FileHandle.nullDevice,
      environment: ["XDG_STATE_HOME": folder.path], deadline: 30)
    #expect(run.status == 64)
    #expect(run.errors.contains("--host 'not an address' is not an address"))
    #expect(folder.listing.isEmpty)
  }
}
