import StateMachines

/// A machine reduced to a bare transition table: the speed floor.
///
/// `next[state * eventCount + event]` is the state after `event`, with no
/// guards, no outputs and no extended state. Driving a stream through it costs
/// one dependent load per event, which is as close to free as dispatching an
/// event gets; every style is shown as a multiple of it.
///
/// The table is built from the machine's declarative description, so a new
/// machine gets its floor without writing one: for each state and event the
/// first described transition is taken (guards are ignored), a transient
/// target is followed through its completion transition, and an event the
/// state does not handle leaves it where it is.
struct NextStateTable<M: Machine> {
  /// The number of distinct events, the width of one row.
  let eventCount: Int

  /// The next state, row by row: one row per state, one column per event.
  let next: [UInt8]

  /// Builds the table of `M` from its description.
  init() {
    let description = M.description
    let states = description.states
    let events = description.events.map(\.name)
    eventCount = events.count

    /// The index of `state`; every state is in `states` by construction.
    func index(_ state: M.State) -> UInt8 {
      UInt8(states.firstIndex(of: state) ?? 0)
    }

    var next: [UInt8] = []
    next.reserveCapacity(states.count * events.count)
    for state in states {
      for event in events {
        var target =
          description.transitions.first { $0.source == state && $0.event == event }?
          .target ?? state
        if description.isTransient(target),
          let completion = description.transitions.first(where: {
            $0.source == target && $0.isCompletion
          })
        {
          target = completion.target
        }
        next.append(index(target))
      }
    }
    self.next = next
  }

  /// The row of `state`.
  func row(of state: M.State) -> UInt8 {
    UInt8(M.description.states.firstIndex(of: state) ?? 0)
  }

  /// The column of `event`, found by its public name.
  func column(of event: M.Event) -> UInt8 {
    UInt8(M.description.events.firstIndex { $0.name == event.name } ?? 0)
  }

  /// The stream as column numbers: what the floor reads, prepared before
  /// timing.
  func columns(of events: [M.Event]) -> [UInt8] {
    events.map(column(of:))
  }

  /// Drives `events` (column numbers) through the table from `initial` and
  /// returns the final row.
  @inline(__always)
  func drive(from initial: UInt8, through events: [UInt8]) -> UInt8 {
    var state = initial
    for event in events {
      state = next[Int(state) &* eventCount &+ Int(event)]
    }
    return state
  }
}
