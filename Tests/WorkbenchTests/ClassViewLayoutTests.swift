import Foundation
import StateMachines
import Testing

@testable import Workbench

/// The machine page's layouts, and the words its diagram caption uses.
@Suite("fsm serve: layouts and captions")
struct ClassViewLayoutTests {
  @Test("?view=present lays the page out for a projector; an unknown view names the views")
  func presentation() {
    let client = ClassViewClient()
    let page = text(of: client.request("GET", "/machines/turnstile?view=present"))
    #expect(page.contains(#"<body class="mode-present">"#))
    #expect(page.contains(#"id="style-1""#) && page.contains(#"id="style-2""#))
    #expect(page.contains(#"data-key="1""#))
    #expect(text(of: client.request("GET", "/machines/turnstile")).contains("?view=present"))
    let bogus = client.request("GET", "/machines/turnstile?view=big")
    #expect(bogus.status == 400)
    #expect(
      text(of: bogus).contains("normal, present or follow") || text(of: bogus).contains("present"))
  }

  @Test("the caption says rejected, ignored, nothing came due, or the states passed through")
  func captions() throws {
    let client = ClassViewClient()
    _ = try client.step("ticket-workflow", "moveTo:resolved")
    _ = try client.step("ticket-workflow", "moveTo:resolved")
    let rejected = text(of: client.request("GET", "/api/machines/ticket-workflow/diagram"))
    #expect(rejected.contains("moveTo was rejected in resolved"))

    _ = try client.step("traffic-light", "wait:4")
    let via = text(of: client.request("GET", "/api/machines/traffic-light/diagram"))
    #expect(via.contains("wait:4 took it from green through yellow, red to green"))
    _ = try client.step("traffic-light", "wait:0.1")
    let due = text(of: client.request("GET", "/api/machines/traffic-light/diagram"))
    #expect(due.contains("wait:0.1: nothing came due in green"))

    _ = try client.step("video-player", "pause")
    let ignored = text(of: client.request("GET", "/api/machines/video-player/diagram"))
    #expect(ignored.contains("pause was ignored in"))
  }
}
