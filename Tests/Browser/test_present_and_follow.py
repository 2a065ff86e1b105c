"""The class view in front of a class, in headless Chromium: the projector
layout, a student following the teacher, and a trace that tells the truth.

Run by scripts/browser-test (CLASS_VIEW_URL, and CLASS_VIEW_TEACHER_KEY from
the teacher's link `fsm serve` printed). Saves the README's screenshots of
the presentation layout and of a follower's page.
"""

import os
import pathlib
import time

import pytest
from selenium.webdriver.common.by import By

from browser_support import URL, chromium, text, wait_for

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


def click_event(driver, event, argument=None):
    form = driver.find_element(By.CSS_SELECTOR, f"form.event[data-event='{event}']")
    if argument is not None:
        field = form.find_element(By.TAG_NAME, "input")
        field.clear()
        field.send_keys(argument)
    form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()


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
            const lines = [...source.querySelectorAll('.line.handled')];
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
            # The first marked line is inside its box, and the box on the screen.
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
