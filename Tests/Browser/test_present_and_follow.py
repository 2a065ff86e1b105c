"""The class view in front of a class, in headless Chromium: the projector
layout, a student following the teacher, and a trace that tells the truth.

Run by scripts/browser-test (CLASS_VIEW_URL, and CLASS_VIEW_TEACHER_KEY from
the teacher's link `fsm serve` printed). Saves the screenshots of
the presentation layout and of a follower's page (docs/class-view.md).
"""

import os
import pathlib
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import URL, chromium, click_event, text, wait_for

TEACHER_KEY = os.environ.get("CLASS_VIEW_TEACHER_KEY", "")
IMAGES = pathlib.Path(os.environ.get("CLASS_VIEW_IMAGES", "docs/images"))


@pytest.fixture()
def teacher():
    driver = chromium(1920, 1080)
    yield driver
    driver.quit()


@pytest.fixture()
def student():
    driver = chromium(1600, 1000)
    yield driver
    driver.quit()


def events_shown(driver):
    return driver.execute_script(
        "return document.querySelectorAll('#trace tbody tr').length")


def start_again(driver):
    driver.find_element(By.ID, "reset").click()
    wait_for(driver, lambda d: events_shown(d) == 0, "an empty trace")


def test_the_presentation_layout_shows_large_code_and_the_marked_lines(teacher):
    teacher.get(URL + "machines/tcp-connection?view=present")
    wait_for(teacher, lambda d: text(d, "#state") == "closed", "the initial state")
    start_again(teacher)
    # The page fills the screen and does not scroll.
    assert teacher.execute_script(
        "return document.documentElement.scrollHeight <= innerHeight + 1")
    for event in ("passiveOpen", "receiveSyn", "receiveAck", "send", "close"):
        click_event(teacher, event, "hello" if event == "send" else None)
        wait_for(teacher, lambda d: d.execute_script(
            "return document.querySelectorAll('.source.shown .line.handled').length") > 0,
            f"marked lines after {event}")
        time.sleep(0.1)  # The page scrolls the code boxes after marking.
        shown = teacher.execute_script("""
          return [...document.querySelectorAll('.source.shown')].map(source => {
            const box = source.querySelector('.code').getBoundingClientRect();
            const lines = [...source.querySelectorAll('.line.rule')];
            return {
              style: source.dataset.style,
              font: parseFloat(getComputedStyle(source.querySelector('pre')).fontSize),
              wraps: getComputedStyle(source.querySelector('.line')).whiteSpace,
              scrollsSideways: source.querySelector('.code').scrollWidth >
                source.querySelector('.code').clientWidth + 1,
              first: lines.length ? lines[0].getBoundingClientRect().top : null,
              last: lines.length ? lines[0].getBoundingClientRect().bottom : null,
              top: box.top, bottom: box.bottom, screen: innerHeight};
          });""")
        assert len(shown) == 2, shown
        for source in shown:
            assert source["font"] >= 18, source
            assert source["wraps"] == "pre-wrap", source
            assert not source["scrollsSideways"], source
            assert source["first"] is not None, (event, source)
            # The first line of the piece that decided is inside its box, and
            # the box on the screen.
            assert source["top"] <= source["first"] and source["last"] <= source["bottom"], \
                (event, source)
            assert 0 <= source["top"] and source["bottom"] <= source["screen"], source
    IMAGES.mkdir(parents=True, exist_ok=True)
    teacher.save_screenshot(str(IMAGES / "class-view-present.png"))
    # Keys: ] changes the first style; the URL keeps the choice.
    before = teacher.find_element(By.ID, "style-1").get_attribute("value")
    teacher.find_element(By.TAG_NAME, "body").send_keys("]")
    wait_for(teacher, lambda d: d.find_element(By.ID, "style-1").get_attribute("value") != before,
             "another first style after ]")
    assert "styles=" in teacher.current_url
    # Key 1 sends the first event (tcp-connection: passiveOpen) from a fresh start.
    start_again(teacher)
    teacher.find_element(By.TAG_NAME, "body").send_keys("1")
    wait_for(teacher, lambda d: text(d, "#state") == "listen", "key 1 sends passiveOpen")
    # High contrast, remembered by the browser.
    teacher.find_element(By.ID, "theme").click()
    assert teacher.execute_script("return document.documentElement.classList.contains('contrast')")
    teacher.refresh()
    wait_for(teacher, lambda d: d.execute_script(
        "return document.documentElement.classList.contains('contrast')"), "contrast kept")
    teacher.find_element(By.ID, "theme").click()


def test_a_follower_sees_the_teachers_click_within_a_second(teacher, student):
    assert TEACHER_KEY, "scripts/browser-test passes the teacher's key"
    teacher.get(URL + "teach/" + TEACHER_KEY)
    teacher.get(URL + "machines/security-system")
    wait_for(teacher, lambda d: text(d, "#state") is not None and text(d, "#state") != "",
             "the teacher's page")
    start_again(teacher)
    assert "/follow" in text(teacher, "#follow-link")
    student.get(URL + "follow")
    wait_for(student, lambda d: "view=follow" in d.current_url and "security-system" in d.current_url,
             "the follower on the teacher's machine")
    wait_for(student, lambda d: d.execute_script("return document.body.dataset.followed") == "0",
             "the follower's first snapshot")
    latencies = []
    for count, (event, argument) in enumerate(
            [("arm", None), ("breach", None), ("reset", "1234")], start=1):
        click_event(teacher, event, argument)
        clicked = time.monotonic()
        wait_for(student, lambda d: d.execute_script(
            "return document.body.dataset.followed") == str(count),
            f"the follower sees click {count}", timeout=1.0)
        latencies.append(time.monotonic() - clicked)
    assert max(latencies) < 1.0, latencies
    assert text(student, "#state") == text(teacher, "#state")
    assert student.execute_script(
        "return document.querySelectorAll('.line.handled').length") > 0
    # Read-only: the follower's events are disabled.
    assert student.find_element(By.ID, "events").get_attribute("disabled") is not None
    student.save_screenshot(str(IMAGES / "class-view-follower.png"))
    # Continue on one's own copy, from the teacher's point.
    student.find_element(By.ID, "continue").click()
    wait_for(student, lambda d: "view=follow" not in d.current_url, "the student's own page")
    wait_for(student, lambda d: events_shown(d) == 3, "the copied trace")
    click_event(student, "arm")
    wait_for(student, lambda d: events_shown(d) == 4, "the student's own step")
    time.sleep(0.3)
    assert teacher.execute_script("return document.querySelectorAll('#trace tbody tr').length") == 3


def test_the_trace_shows_via_and_never_moves_the_page(student):
    student.get(URL + "machines/traffic-light")
    wait_for(student, lambda d: text(d, "#state") is not None, "the page")
    start_again(student)
    click_event(student, "wait", "4")
    wait_for(student, lambda d: events_shown(d) == 1, "the wait's row")
    row = student.execute_script(
        "return [...document.querySelector('#trace tbody tr').cells].map(c => c.innerText.trim())")
    assert row[3] == "yellow, red", row  # The via column.
    caption = student.execute_script("return document.querySelector('#diagram svg').textContent")
    assert "through yellow, red" in caption
    click_event(student, "wait", "0.1")
    wait_for(student, lambda d: events_shown(d) == 2, "the second wait's row")
    assert "nothing came due" in student.execute_script(
        "return document.querySelector('#trace tbody tr:last-child').innerText")
    wait_for(student, lambda d: "nothing came due" in d.execute_script(
        "return document.querySelector('#diagram svg').textContent"), "the caption says so")
    # Forty clicks: the page stays where it is, the trace box scrolls.
    scroll = student.execute_script("return scrollY")
    for count in range(3, 43):
        click_event(student, "wait", "0.5")
        wait_for(student, lambda d: events_shown(d) == count, f"row {count}")
    assert student.execute_script("return scrollY") == scroll
    assert student.execute_script(
        "const b = document.querySelector('.trace-box'); return b.scrollTop > 0")
    assert "42 events" in text(student, "#events-count")
    start_again(student)


def step_shown(driver):
    """What the page shows of the step shown: the control's words, the state
    marked on the diagram, the trace's marked row, the lines marked in the
    State pattern's code, and whether it marks an earlier step than the latest."""
    return driver.execute_script("""
      const node = document.querySelector('#diagram g.node.current');
      const row = document.querySelector('#trace tbody tr.shown');
      const lines = document.querySelectorAll('.source[data-style="state-pattern"] .line.handled');
      return {
        label: document.getElementById('step-shown').innerText.trim(),
        current: node ? node.dataset.state : null,
        caption: document.querySelector('#diagram svg').textContent,
        row: row ? row.cells[0].innerText.trim() : null,
        marked: [...lines].map(line => line.dataset.line).join(','),
        earlier: document.body.classList.contains('earlier-step'),
      };""")


def node_fill(driver, state):
    """The fill of `state`'s node on the diagram."""
    return driver.execute_script("""
      const title = [...document.querySelectorAll('#diagram g.node title')]
        .find(title => title.textContent === arguments[0]);
      const shape = title && title.parentNode.querySelector('path, polygon');
      return shape ? shape.getAttribute('fill') : null;""", state)


def test_going_back_to_a_step_shows_it_and_the_followers_follow(teacher, student):
    assert TEACHER_KEY, "scripts/browser-test passes the teacher's key"
    teacher.get(URL + "teach/" + TEACHER_KEY)
    teacher.get(URL + "machines/tcp-connection")
    wait_for(teacher, lambda d: text(d, "#state") == "closed" or events_shown(d) > 0, "the page")
    start_again(teacher)
    wait_for(teacher, lambda d: step_shown(d)["label"] == "No steps yet", "no steps yet")
    student.get(URL + "follow")
    wait_for(student, lambda d: "tcp-connection" in d.current_url, "the follower on the teacher's machine")
    states = {1: "listen", 2: "synReceived", 3: "established"}
    marked = {}
    for count, event in enumerate(("passiveOpen", "receiveSyn", "receiveAck"), start=1):
        click_event(teacher, event)
        wait_for(teacher, lambda d: step_shown(d)["label"] == f"Step {count} of {count}"
                 and step_shown(d)["current"] == states[count], f"step {count}, the latest")
        wait_for(teacher, lambda d: step_shown(d)["marked"] != "", f"the lines of step {count}")
        marked[count] = step_shown(teacher)["marked"]
    assert len(set(marked.values())) == 3, marked
    # The whole run is drawn: where the handshake went is visited, not grey.
    for state in ("closed", "listen", "synReceived"):
        assert node_fill(teacher, state) == "#dbe8ff", state
    wait_for(student, lambda d: step_shown(d)["label"] == "Step 3 of 3",
             "the follower on the latest step")

    def expect_step(number, how):
        label = f"Step {number} of 3"
        for driver, who in ((teacher, "the teacher"), (student, "the follower")):
            wait_for(driver, lambda d: step_shown(d)["label"] == label
                     and step_shown(d)["current"] == states[number]
                     and step_shown(d)["marked"] == marked[number]
                     and f"step {number} of 3" in step_shown(d)["caption"]
                     and step_shown(d)["earlier"] == (number < 3),
                     f"{who} shows step {number} after {how}: {step_shown(driver)}")
        # The teacher's trace marks the row of a step gone back to.
        wait_for(teacher, lambda d: step_shown(d)["row"] == (str(number) if number < 3 else None),
                 f"the row of step {number}")

    body = teacher.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    expect_step(2, "←")
    # Drawn up to step 2: established is not reached yet.
    assert node_fill(teacher, "established") != "#ffcf87"
    teacher.find_element(By.ID, "step-back").click()
    expect_step(1, "the back button")
    assert teacher.find_element(By.ID, "step-back").get_attribute("disabled") is not None
    teacher.find_element(By.ID, "step-forward").click()
    expect_step(2, "the forward button")
    body.send_keys(Keys.ARROW_RIGHT)
    expect_step(3, "→")
    body.send_keys("g")
    wait_for(teacher, lambda d: d.switch_to.active_element.get_attribute("id") == "step-number",
             "g puts the cursor in the step's field")
    teacher.switch_to.active_element.send_keys("1", Keys.ENTER)
    expect_step(1, "g 1 Enter")
    body.send_keys("l")
    expect_step(3, "l")
    teacher.find_element(By.ID, "step-number").send_keys("2", Keys.ENTER)
    expect_step(2, "to step 2")
    teacher.find_element(By.ID, "step-latest").click()
    expect_step(3, "the latest button")
    # A new event, sent from a step gone back to, shows the latest again.
    body.send_keys(Keys.ARROW_LEFT)
    expect_step(2, "← again")
    click_event(teacher, "close")
    for driver in (teacher, student):
        wait_for(driver, lambda d: step_shown(d)["label"] == "Step 4 of 4"
                 and step_shown(d)["current"] == "finWait1", "the latest after a new event")
    # Presenting, the step shown is on the screen, and the page still does not scroll.
    teacher.get(URL + "machines/tcp-connection?view=present")
    wait_for(teacher, lambda d: step_shown(d)["label"] == "Step 4 of 4", "presenting")
    teacher.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait_for(teacher, lambda d: step_shown(d)["label"] == "Step 3 of 4"
             and step_shown(d)["current"] == "established", "presenting step 3")
    box = teacher.execute_script(
        "const r = document.getElementById('step-control').getBoundingClientRect();"
        "return [r.top, r.bottom, innerHeight];")
    assert 0 <= box[0] and box[1] <= box[2], box
    assert teacher.execute_script(
        "return document.documentElement.scrollHeight <= innerHeight + 1")
    wait_for(student, lambda d: step_shown(d)["label"] == "Step 3 of 4",
             "the follower follows the presenting teacher")
    teacher.find_element(By.TAG_NAME, "body").send_keys("l")
    wait_for(student, lambda d: step_shown(d)["label"] == "Step 4 of 4",
             "the follower back on the latest")
