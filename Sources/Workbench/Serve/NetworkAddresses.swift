import NIOCore
import NIOPosix

/// The addresses a server bound to a host can be reached at, as a student
/// types them.
enum NetworkAddresses {
  /// An address a student can type, and the interface it belongs to.
  struct Reachable: Equatable {
    /// The interface, as in `eth0`.
    var interface: String
    /// The address, as in `192.168.1.20`.
    var address: String
  }

  /// Whether `host` is this machine only: 127.0.0.0/8, `::1` or `localhost`.
  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// Whether `host` is every address of the machine: `0.0.0.0` or `::`.
  static func isWildcard(_ host: String) -> Bool {
    host == "0.0.0.0" || host == "::"
  }

  /// The addresses other machines can use to reach a server bound to
  /// `host`: every interface's address (not loopback) for a wildcard,
  /// IPv4 only for `0.0.0.0` (an IPv4 socket); `host` itself otherwise.
  static func reachable(bound host: String) -> [Reachable] {
    guard isWildcard(host) else { return [Reachable(interface: "", address: host)] }
    let devices = (try? System.enumerateDevices()) ?? []
    return devices.compactMap { device in
      guard let address = device.address, let ip = address.ipAddress, !isLoopback(ip) else {
        return nil
      }
      switch address {
      case .v4: return Reachable(interface: device.name, address: ip)
      case .v6 where host == "::" && !ip.lowercased().hasPrefix("fe80"):
        return Reachable(interface: device.name, address: ip)
      default: return nil
      }
    }
  }
}
