import ConformanceSupport
import StateMachines

/// The machines under test.
enum Conformance {
  static let machines: [any Conformant.Type] = [
    SecuritySystem.self,
    Turnstile.self,
    GumballMachine.self,
    TCPConnection.self,
    RecordCommit.self,
    TrafficLight.self,
    VideoPlayer.self,
    TicketWorkflow.self,
    DrawingTool.self,
  ]
}
