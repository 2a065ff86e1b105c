"""The class view in a real browser: headless Chromium driven by Selenium.

Run by scripts/browser-test, which builds `fsm`, starts `fsm serve` on a free
port and passes its URL in CLASS_VIEW_URL. Every wait polls with a timeout;
nothing sleeps.
"""

import json
import os
import pathlib
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from browser_support import URL, Server, chromium, click_event, text, wait_for

SCREENSHOT = pathlib.Path(os.environ.get("CLASS_VIEW_SCREENSHOT", "docs/images/class-view.png"))


@pytest.fixture()
def browser():
    driver = chromium(1600, 1250)
    yield driver
    driver.quit()


def button(driver, name):
    """The button whose accessible name (its text) is `name`."""
    return driver.find_element(By.XPATH, f"//button[normalize-space()='{name}']")


def send(driver, event, argument=None):
    """Sends event as click_event does; returns the trace's rows before it."""
    rows = len(trace_rows(driver))
    click_event(driver, event, argument)
    return rows


def trace_rows(driver):
    """The trace's rows, each as the texts of its cells."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#trace tbody tr')]"
        ".map(row => [...row.cells].map(cell => cell.innerText.trim()));")


def highlighted_state(driver):
    return driver.execute_script(
        "const node = document.querySelector('#diagram g.node.current');"
        "return node ? node.dataset.state : null;")


def expect_step(driver, before, state):
    wait_for(driver, lambda d: len(trace_rows(d)) == before + 1, f"a trace row after {before}")
    wait_for(driver, lambda d: text(d, "#state") == state, f"the state {state}")
    wait_for(driver, lambda d: highlighted_state(d) == state, f"{state} highlighted in the diagram")


def test_security_system_runs_in_every_style(browser):
    browser.get(URL + "machines/security-system")
    wait_for(browser, lambda d: text(d, "#state") == "disarmed", "the initial state")
    assert highlighted_state(browser) == "disarmed"

    expect_step(browser, send(browser, "arm"), "armed")
    expect_step(browser, send(browser, "disarm", "0000"), "armed")
    expect_step(browser, send(browser, "breach"), "alarm")

    last = trace_rows(browser)[-1]
    # Columns: #, event, from, via, to, fired, outputs, styles.
    assert last[1:5] == ["breach", "armed", "", "alarm"]
    assert last[6] == "alarmSounded"
    assert "agree" in last[7] and "disagree" not in last[7]
    # The security system is written in the five styles and two variants.
    assert text(browser, "#agreement") == "All seven implementations agree on every step."

    # Each implementation marks the code that handled the breach, in a
    # pane of its own; the security system has no matrix, and no pane of it.
    panes = browser.execute_script(
        "return [...document.querySelectorAll('.source')].map(source => source.dataset.style);")
    assert panes == ["nested-switch", "enum", "state-pattern", "state-pattern-types",
                     "state-classes", "state-classes-shared", "table"], panes
    for style in panes:
        marked = browser.find_elements(
            By.CSS_SELECTOR, f".source[data-style='{style}'] .line.handled")
        assert marked, f"no handler marked in {style}"
        assert any("breach" in line.text.lower() for line in marked), style

    # A bad argument is a message, not a step.
    rows = send(browser, "reset", "abc")
    wait_for(browser, lambda d: "code" in text(d, "#message"), "the message for a bad code")
    assert len(trace_rows(browser)) == rows

    expect_step(browser, send(browser, "reset", "1234"), "disarmed")
    # The whole page: a window as tall as it (the code's boxes have a fixed height).
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(1600, height + 140)
    browser.execute_script("window.scrollTo(0, 0)")
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SCREENSHOT))

    # A reload keeps the session's machines, its trace and the marked code.
    rows = len(trace_rows(browser))
    browser.refresh()
    wait_for(browser, lambda d: len(trace_rows(d)) == rows, "the trace after a reload")
    wait_for(browser, lambda d: d.execute_script(
        "return document.querySelectorAll('.line.handled').length") > 0, "marked code after a reload")
    assert highlighted_state(browser) == "disarmed"

    button(browser, "Start again").click()
    wait_for(browser, lambda d: len(trace_rows(d)) == 0, "an empty trace after starting again")
    wait_for(browser, lambda d: text(d, "#state") == "disarmed", "a fresh machine")


def test_the_turnstile_runs_in_its_variants_too(browser):
    browser.get(URL + "machines/turnstile")
    wait_for(browser, lambda d: text(d, "#state") == "locked", "the initial state")
    button(browser, "Start again").click()
    wait_for(browser, lambda d: len(trace_rows(d)) == 0, "an empty trace")
    expect_step(browser, send(browser, "coin"), "unlocked")
    assert text(browser, "#agreement") == "All eight implementations agree on every step."
    heading = text(browser, ".source[data-style='table-matrix'] h3")
    assert "table as a matrix" in heading and "Turnstile+TableMatrix.swift" in heading, heading
    # The matrix marks the locked row, and the rule is the row of `next`.
    rule = browser.find_elements(
        By.CSS_SELECTOR, ".source[data-style='table-matrix'] .line.rule")
    assert [line.text.strip() for line in rule] == [".unlocked, .locked,  // locked"]
    # States as types: the static coin of Locked answered.
    marked = browser.find_elements(
        By.CSS_SELECTOR, ".source[data-style='state-pattern-types'] .line.rule")
    assert any("static func coin()" in line.text for line in marked)
    # The matrix's pane is under the table's, in the table's column.
    table, matrix = browser.execute_script("""
      return ['table', 'table-matrix'].map(style => {
        const box = document.querySelector('.source[data-style="' + style + '"]')
          .getBoundingClientRect();
        return [box.left, box.top];
      });""")
    assert abs(table[0] - matrix[0]) < 1 and matrix[1] > table[1], (table, matrix)


def test_time_passes_on_the_virtual_clock(browser):
    browser.get(URL + "machines/traffic-light")
    wait_for(browser, lambda d: text(d, "#state") == "green", "the initial state")
    expect_step(browser, send(browser, "wait", "1"), "yellow")
    wait_for(browser, lambda d: text(d, "#clock") == "t=1s", "the virtual clock at 1 s")
    expect_step(browser, send(browser, "wait", "0.5"), "red")


def test_the_real_clock_updates_the_page_without_a_reload(browser):
    browser.get(URL + "machines/traffic-light")
    wait_for(browser, lambda d: text(d, "#state") == "green", "the initial state")
    browser.find_element(By.ID, "real-clock").click()
    # Green lasts a second of real time: the page polls and moves on by itself.
    wait_for(browser, lambda d: text(d, "#state") == "yellow", "yellow after a second")
    wait_for(browser, lambda d: highlighted_state(d) in ("yellow", "red"), "the diagram follows")
    browser.find_element(By.ID, "real-clock").click()


def test_the_other_pages(browser):
    browser.get(URL)
    with urllib.request.urlopen(URL + "api/machines") as answer:
        machines = len(json.load(answer))
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".card svg")) == machines,
             f"{machines} diagrams")
    browser.get(URL + "costs")
    assert "results" in text(browser, "#results-label").lower()
    browser.get(URL + "lessons/1")
    assert browser.find_element(By.CSS_SELECTOR, ".lesson h1").text


def test_a_restart_loses_nothing_the_student_sees(browser):
    server = Server()
    server.start()
    try:
        browser.get(server.url + "machines/security-system")
        wait_for(browser, lambda d: text(d, "#state") == "disarmed", "the initial state")
        expect_step(browser, send(browser, "arm"), "armed")
        expect_step(browser, send(browser, "disarm", "0000"), "armed")
        expect_step(browser, send(browser, "breach"), "alarm")

        # The server goes away: a click says so, is kept, and changes nothing yet.
        server.stop()
        rows = send(browser, "reset", "1234")
        wait_for(browser, lambda d: "cannot be reached" in text(d, "#message"),
                 "the message that the server cannot be reached")
        wait_for(browser, lambda d: "reset:1234" in text(d, "#message"), "the click kept")
        assert len(trace_rows(browser)) == rows
        assert text(browser, "#state") == "alarm"

        # It comes back empty: the page finds out by itself, replays its events,
        # then sends the click made while it was down, once.
        server.start()
        wait_for(browser, lambda d: "made while it was down" in text(d, "#message"),
                 "the page noticing the server is back, and sending the click")
        wait_for(browser, lambda d: len(trace_rows(d)) == 4, "three events replayed, one sent")
        wait_for(browser, lambda d: text(d, "#state") == "disarmed", "the click's state")
        assert [row[1] for row in trace_rows(browser)] == \
            ["arm", "disarm:0000", "breach", "reset:1234"], trace_rows(browser)
        assert [row[0] for row in trace_rows(browser)] == ["1", "2", "3", "4"]

        # The next click goes on from there.
        expect_step(browser, send(browser, "arm"), "armed")
        expect_step(browser, send(browser, "disarm", "1234"), "disarmed")

        # A restart while the page is idle: the next click replays first, then steps.
        server.stop()
        server.start()
        expect_step(browser, send(browser, "arm"), "armed")
        wait_for(browser, lambda d: "replayed" in text(d, "#message"), "the one line that says so")
        assert len(trace_rows(browser)) == 7
        button(browser, "Start again").click()
        wait_for(browser, lambda d: len(trace_rows(d)) == 0, "an empty trace after starting again")
    finally:
        server.close()


def test_invisible_characters_are_written_out(browser):
    browser.get(URL + "machines/tcp-connection")
    wait_for(browser, lambda d: text(d, "#state") == "closed", "the initial state")
    expect_step(browser, send(browser, "activeOpen"), "synSent")
    # A right-to-left override and a zero-width space, as a hostile student types them.
    expect_step(browser, send(browser, "send", "a\u202eb\u200bc"), "synSent")
    event = trace_rows(browser)[-1][1]
    assert event == "send:a\\u{202E}b\\u{200B}c", event
    button(browser, "Start again").click()
    wait_for(browser, lambda d: len(trace_rows(d)) == 0, "an empty trace after starting again")
