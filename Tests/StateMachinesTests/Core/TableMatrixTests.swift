import StateMachines
import Testing

/// What the conformance suite cannot see of the `table-matrix` files: that
/// each matrix has exactly one cell per (state, event) pair, and that the
/// rows and columns are the places of the states and events in their
/// declarations, which is what makes `row(of:)` and `column(of:)` free.
@Suite("The state-transition matrices")
struct TableMatrixTests {
  @Test("every matrix has one cell per pair, and a column per kind of event")
  func shapes() {
    #expect(Turnstile.TableMatrix.columns == Turnstile.Event.Kind.allCases.count)
    #expect(
      Turnstile.TableMatrix.next.count == Turnstile.State.allCases.count
        * Turnstile.TableMatrix.columns)
    #expect(Turnstile.TableMatrix.outputs.count == Turnstile.TableMatrix.next.count)

    #expect(RecordCommit.TableMatrix.columns == RecordCommit.Event.Kind.allCases.count)
    #expect(
      RecordCommit.TableMatrix.next.count == RecordCommit.State.allCases.count
        * RecordCommit.TableMatrix.columns)
    #expect(RecordCommit.TableMatrix.outputs.count == RecordCommit.TableMatrix.next.count)
    #expect(RecordCommit.TableMatrix.refusals.count == RecordCommit.TableMatrix.next.count)

    #expect(TCPConnection.TableMatrix.columns == TCPConnection.Event.Kind.allCases.count)
    #expect(
      TCPConnection.TableMatrix.next.count == TCPConnection.State.allCases.count
        * TCPConnection.TableMatrix.columns)
    #expect(TCPConnection.TableMatrix.outputs.count == TCPConnection.TableMatrix.next.count)
    #expect(TCPConnection.TableMatrix.work.count == TCPConnection.TableMatrix.next.count)
    #expect(TCPConnection.TableMatrix.refusals.count == TCPConnection.TableMatrix.next.count)

    #expect(TicketWorkflow.TableMatrix.columns == TicketWorkflow.State.allCases.count)
    #expect(
      TicketWorkflow.TableMatrix.next.count == TicketWorkflow.State.allCases.count
        * TicketWorkflow.TableMatrix.columns)
    #expect(TicketWorkflow.TableMatrix.refusals.count == TicketWorkflow.TableMatrix.next.count)
  }

  @Test("a state's row and an event's column are its place in the declaration")
  func places() {
    for (place, state) in Turnstile.State.allCases.enumerated() {
      #expect(Turnstile.TableMatrix.row(of: state) == place, "\(state)")
    }
    for (place, event) in Turnstile.Event.allCases.enumerated() {
      #expect(Turnstile.TableMatrix.column(of: event) == place, "\(event)")
    }
    for (place, state) in RecordCommit.State.allCases.enumerated() {
      #expect(RecordCommit.TableMatrix.row(of: state) == place, "\(state)")
    }
    for (place, event) in RecordCommit.Event.allCases.enumerated() {
      #expect(RecordCommit.TableMatrix.column(of: event) == place, "\(event)")
    }
    for (place, state) in TCPConnection.State.allCases.enumerated() {
      #expect(TCPConnection.TableMatrix.row(of: state) == place, "\(state)")
    }
    for event in TCPConnection.sampleEvents(for: .init()) {
      let place = TCPConnection.Event.Kind.allCases.firstIndex(of: event.kind)
      #expect(TCPConnection.TableMatrix.column(of: event) == place, "\(event)")
    }
    for (place, state) in TicketWorkflow.State.allCases.enumerated() {
      #expect(TicketWorkflow.TableMatrix.index(of: state) == place, "\(state)")
    }
  }

  @Test("the ticket's refusals are the shared ones, cell by cell")
  func ticketRefusals() {
    let states = TicketWorkflow.State.allCases
    for (row, source) in states.enumerated() {
      for (column, target) in states.enumerated() {
        #expect(
          TicketWorkflow.TableMatrix.refusals[row * states.count + column]
            == TicketWorkflow.forbiddenMove(from: source, to: target))
      }
    }
  }
}
