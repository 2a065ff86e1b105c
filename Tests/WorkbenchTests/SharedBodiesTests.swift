import NIOCore
import Testing

@testable import Workbench

/// A large answer served again is one buffer, shared by its clients; a
/// changed one, a small one or another path's is a buffer of its own.
@Suite("fsm serve: large answers share one buffer")
struct SharedBodiesTests {
  /// Where `buffer`'s bytes are.
  static func address(of buffer: ByteBuffer) -> UnsafeRawPointer? {
    buffer.withUnsafeReadableBytes { $0.baseAddress.map { UnsafeRawPointer($0) } }
  }

  @Test("the same large bytes for a path: the same storage; changed bytes: new storage")
  func sharesLargeBodies() {
    let bodies = SharedBodies()
    let picture = [UInt8](repeating: 7, count: SharedBodies.smallest)
    let first = bodies.buffer(for: "/docs/images/a.png", bytes: picture)
    let second = bodies.buffer(for: "/docs/images/a.png", bytes: picture)
    #expect(Self.address(of: first) == Self.address(of: second))
    #expect(Array(second.readableBytesView) == picture)

    var changed = picture
    changed[changed.count - 1] = 8
    let third = bodies.buffer(for: "/docs/images/a.png", bytes: changed)
    #expect(Self.address(of: third) != Self.address(of: first))
    #expect(Array(third.readableBytesView) == changed)

    let elsewhere = bodies.buffer(for: "/docs/images/b.png", bytes: changed)
    #expect(Self.address(of: elsewhere) != Self.address(of: third))
  }

  @Test("a small body is copied each time, and kept nowhere")
  func copiesSmallBodies() {
    let bodies = SharedBodies()
    let page = [UInt8](repeating: 1, count: SharedBodies.smallest - 1)
    let first = bodies.buffer(for: "/", bytes: page)
    let second = bodies.buffer(for: "/", bytes: page)
    #expect(Self.address(of: first) != Self.address(of: second))
    #expect(Array(second.readableBytesView) == page)
  }
}
