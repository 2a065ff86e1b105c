"""The diagram read from the back row, in headless Chromium: in the
presentation layout (/machines/ID?view=present, the two default styles
beside it), the smallest text of every machine's diagram, labels and legend,
on the screen at 1920x1080 and 1280x720, on a fresh machine and after a short
run. Saves the class view guide's screenshots (docs/class-view.md) of the TCP
connection and the game character presenting at 1280x720.

Run by scripts/browser-test (CLASS_VIEW_URL). With CLASS_VIEW_MEASURES set to
a file, each figure is written there as a line of JSON, for a report.
"""

import json
import os
import pathlib

import pytest
from selenium.webdriver.common.by import By

from browser_support import URL, chromium, click_event, text, wait_for

IMAGES = pathlib.Path(os.environ.get("CLASS_VIEW_IMAGES", "docs/images"))
MEASURES = os.environ.get("CLASS_VIEW_MEASURES")

# Window sizes, with the smallest diagram text a class reads there and the
# smallest code, in pixels (19 px code on a screen 1080 tall is 12.7 px on
# one 720 tall, as seen from the same seat).
SCREENS = [(1920, 1080, 14, 18), (1280, 720, 12, 14)]

# A short run of each machine, as typed into its forms: event, argument.
RUNS = {
    "security-system": [("arm", None), ("breach", None)],
    "turnstile": [("coin", None), ("pass", None)],
    "gumball-machine": [("insertQuarter", None), ("turnCrank", None)],
    "tcp-connection": [("passiveOpen", None), ("receiveSyn", None), ("receiveAck", None)],
    "record-commit": [("edit", None), ("commit", None)],
    "traffic-light": [("wait", "4")],
    "video-player": [("play", None), ("wait", "3")],
    "ticket-workflow": [("moveTo", "inProgress"), ("moveTo", "resolved")],
    "drawing-tool": [("touchesBegan", "1,1"), ("touchesMoved", "2,2")],
    "game-character": [("run", None), ("jump", None), ("pickUp", "bow")],
}

# Every <text> of the diagram that shows in its pane (a chart drawn larger
# than its pane scrolls in it): its font size in the SVG's units times the
# scale it is drawn at on the screen (whichever way it is turned); the
# pane's box, which must be on the screen, and whether the state the
# machine is in shows whole in it.
MEASURE = """
const pane = document.getElementById('diagram');
const svg = pane.querySelector('svg');
if (!svg) { return null; }
const box = pane.getBoundingClientRect();
const inside = (r) => r.left >= box.left - 1 && r.right <= box.right + 1
  && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
const shows = (r) => r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
const texts = [...svg.querySelectorAll('text')]
  .filter(t => t.textContent.trim() !== '' && shows(t.getBoundingClientRect()))
  .map(t => {
    const m = t.getScreenCTM();
    return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.c, m.d)};
  });
const current = svg.querySelector('g.node.current');
return {
  texts: texts,
  current: current ? inside(current.getBoundingClientRect()) : null,
  panned: pane.classList.contains('panned'),
  box: [box.left, box.top, box.right, box.bottom],
  screen: [innerWidth, innerHeight],
  scrolls: document.documentElement.scrollHeight > innerHeight + 1
    || document.documentElement.scrollWidth > innerWidth + 1,
  code: [...document.querySelectorAll('.source.shown pre')]
    .map(pre => parseFloat(getComputedStyle(pre).fontSize)),
};
"""


def rows(driver):
    return driver.execute_script("return document.querySelectorAll('#trace tbody tr').length")


def measure(driver, what, code):
    """The smallest diagram text on the screen now, and whether the chart
    scrolls in its pane, checking that the pane is on the screen with the
    current state in it, the page does not scroll, and the code is at least
    `code` pixels."""
    seen = driver.execute_script(MEASURE)
    assert seen is not None and seen["texts"], f"{what}: no diagram text"
    left, top, right, bottom = seen["box"]
    width, height = seen["screen"]
    assert left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1, \
        f"{what}: the diagram {seen['box']} is not on the {width}x{height} screen"
    assert seen["current"] is not False, f"{what}: the current state is not in the pane"
    assert not seen["scrolls"], f"{what}: the page scrolls"
    assert len(seen["code"]) == 2 and min(seen["code"]) >= code, f"{what}: code {seen['code']}"
    smallest = min(seen["texts"], key=lambda t: t["px"])
    return smallest["px"], smallest["text"], seen["panned"]


def diagram_caption(driver):
    return driver.execute_script(
        "const s = document.querySelector('#diagram svg'); return s ? s.textContent : ''")


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_smallest_diagram_text_is_readable_when_presenting(screen):
    width, height, least, code = screen
    driver = chromium(width, height)
    figures = {}
    try:
        for machine, run in RUNS.items():
            driver.get(URL + f"machines/{machine}?view=present")
            wait_for(driver, lambda d: text(d, "#state") not in (None, ""), f"{machine}'s page")
            driver.find_element(By.ID, "reset").click()
            wait_for(driver, lambda d: rows(d) == 0
                     and "waiting for an event" in diagram_caption(d), f"{machine} afresh")
            fresh = measure(driver, f"{machine} afresh at {width}x{height}", code)
            for count, (event, argument) in enumerate(run, start=1):
                click_event(driver, event, argument)
                wait_for(driver, lambda d: rows(d) == count
                         and f"step {count} of {count}" in diagram_caption(d),
                         f"{machine}: step {count} drawn")
            after = measure(driver, f"{machine} after {len(run)} steps at {width}x{height}", code)
            figures[machine] = min(fresh[:2], after[:2]) + (fresh[2] or after[2],)
            if height == 720 and machine in ("tcp-connection", "game-character"):
                IMAGES.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(IMAGES / f"class-view-present-720-{machine}.png"))
    finally:
        driver.quit()
    if MEASURES:
        with open(MEASURES, "a", encoding="utf-8") as out:
            for machine, (px, smallest, panned) in figures.items():
                out.write(json.dumps({"screen": f"{width}x{height}", "machine": machine,
                                      "px": round(px, 1), "text": smallest,
                                      "scrolls": panned}) + "\n")
    small = {machine: f"{px:.1f} px ({smallest!r})"
             for machine, (px, smallest, _) in figures.items() if px < least}
    assert not small, f"under {least} px at {width}x{height}: {small}"
