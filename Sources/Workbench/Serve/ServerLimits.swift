import NIOCore

/// The bounds the class view's server holds every connection to, so that
/// one careless or hostile client cannot take the server from a class.
///
/// Each is answered in bounded time: a request past a size limit gets its
/// status at once and the connection is closed; a client too slow to send
/// what it started is cut off when its time is up.
struct ServerLimits: Sendable {
  /// The longest request line (method, path, version): 414 past it.
  var requestLineBytes = 8 * 1024

  /// The largest request head, request line and headers together: 431
  /// past it. A browser sends under 2 KB.
  var headBytes = 16 * 1024

  /// How long a client may take to send a request head once it has begun:
  /// 408 past it, so that a head sent a byte at a time cannot hold a
  /// connection open.
  var headTimeout: TimeAmount = .seconds(10)

  /// How long a client may take to send a body once its head has arrived:
  /// 408 past it.
  var bodyTimeout: Duration = .seconds(10)

  /// How long a connection's pending answer may go without a byte of it
  /// taken by the client before the server closes the connection: a large
  /// answer, or a follower's event stream, to a client that stopped
  /// reading would otherwise hold the connection (and the task writing
  /// it) for as long as the client likes.
  ///
  /// Why 10 s: a client that reads takes bytes within milliseconds on a
  /// classroom's network; TCP's own retransmissions after three lost
  /// packets on bad Wi-Fi take 1 + 2 + 4 = 7 s, and a browser busy
  /// laying out a page still reads from its network thread. 10 s is past
  /// all of those, the same bound as a head's and a body's, and short
  /// enough that stalled clients give their connections back well before
  /// the class notices.
  var writeTimeout: TimeAmount = .seconds(10)

  /// The system's send buffer of each connection, in bytes (`SO_SNDBUF`;
  /// Linux keeps twice this). Left to itself, Linux grows it to megabytes,
  /// and an answer that fits in it is taken from the server at once: a
  /// client that never reads would then look like one that read, and hold
  /// its connection and a megabyte of the system's memory until the idle
  /// timeout. Bounded, what a client does not read stays with the server,
  /// which sees that it makes no progress (`writeTimeout`). 64 KB a round
  /// trip is 64 MB/s on a LAN: far more than a class view page needs.
  var sendBufferBytes = 64 * 1024

  /// The longest line of a chunked body's framing (a chunk's size with its
  /// extensions, or the trailer section): 400 past it. A client writes a
  /// chunk's size in a few bytes; SwiftNIO's parser reads extensions
  /// without end.
  var chunkLineBytes = 4 * 1024

  /// How long a kept-alive connection may sit with no request before the
  /// server closes it.
  var idleTimeout: TimeAmount = .seconds(60)

  /// How often a follower's event stream gets a comment when nothing else
  /// is sent: a follower that went away is noticed within this time.
  var heartbeat: Duration = .seconds(15)

  /// How long the server goes on reading (and dropping) what a refused
  /// client still sends, so that the refusal reaches it before the
  /// connection is reset.
  var lingerTimeout: TimeAmount = .seconds(2)

  /// The connections one address may hold open at once: 503 past it. A
  /// browser opens about six; a few students behind one address (a
  /// school's network address translation) share it.
  var connectionsPerClient = 64

  /// The connections open at once from everyone. The connection that
  /// reaches it sheds another (`ClientConnections`): one stalled writing,
  /// else one of the address holding the most, the one idle longest, so
  /// that clients that never read cannot keep a new one out.
  var connections = 1024

  /// The threads the class view's work runs on (machines, diagrams,
  /// pages). Each client address has at most `requestsAtWork` requests at
  /// work at once, so a few heavy clients cannot take them all from the
  /// class; more threads than cores lets the system share the cores among
  /// them.
  var workThreads = 8

  /// The requests of one client address at work at once (`ClientLanes`);
  /// the others wait their turn. A browser opens a page with a few
  /// requests at once.
  var requestsAtWork = 2

  /// The limits `fsm serve` uses.
  static let standard = ServerLimits()
}
