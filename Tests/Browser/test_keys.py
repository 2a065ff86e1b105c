"""Keys that never trap, in headless Chromium: every key of the machine page
works after an argument's field, Esc, the style menus, and [ ] { } reach
every style without dropping a pane; a wrong style in the address says so.

Run by scripts/browser-test (CLASS_VIEW_URL).
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import URL, chromium, text, wait_for

# The TCP connection's panes: each style, then its variants.
PANES = ["nested-switch", "enum", "state-pattern", "state-pattern-types", "state-classes",
         "state-classes-shared", "table", "table-matrix"]


@pytest.fixture(scope="module")
def browser():
    driver = chromium(1920, 1080)
    yield driver
    driver.quit()


def press(driver, *keys):
    """Types `keys` wherever the focus is, as a person at the keyboard does."""
    ActionChains(driver).send_keys(*keys).perform()


def rows(driver):
    return driver.execute_script("return document.querySelectorAll('#trace tbody tr').length")


def focused(driver):
    return driver.execute_script("return document.activeElement.tagName.toLowerCase()")


def fresh(driver, page):
    driver.get(URL + page)
    wait_for(driver, lambda d: text(d, "#state") not in (None, ""), "the page")
    driver.find_element(By.ID, "reset").click()
    wait_for(driver, lambda d: rows(d) == 0, "an empty trace")
    driver.find_element(By.TAG_NAME, "h1").click()  # The focus on the page, as after a click.


def panes(driver):
    """The first and second pane's styles, and how many panes show code."""
    return driver.execute_script("""
      return [document.getElementById('style-1').value, document.getElementById('style-2').value,
              document.querySelectorAll('.source.shown').length];""")


def test_enter_sends_the_argument_and_gives_the_keys_back(browser):
    fresh(browser, "machines/security-system")
    press(browser, "1")  # arm
    wait_for(browser, lambda d: rows(d) == 1, "key 1 sends arm")
    press(browser, "2")  # disarm: its field takes the keys
    wait_for(browser, lambda d: focused(d) == "input", "the code's field")
    press(browser, "0000", Keys.ENTER)
    wait_for(browser, lambda d: rows(d) == 2, "Enter sends disarm:0000")
    assert focused(browser) != "input"
    press(browser, "3")  # breach, not a 3 typed into the field
    wait_for(browser, lambda d: rows(d) == 3, "key 3 after Enter sends breach")
    wait_for(browser, lambda d: text(d, "#state") == "alarm", "the alarm")
    field = browser.find_element(By.CSS_SELECTOR, "form.event[data-event='disarm'] input")
    assert field.get_attribute("value") == "0000"


def test_escape_leaves_a_field(browser):
    fresh(browser, "machines/security-system")
    press(browser, "5")  # reset: its field takes the keys
    wait_for(browser, lambda d: focused(d) == "input", "the code's field")
    press(browser, Keys.ESCAPE)
    wait_for(browser, lambda d: focused(d) != "input", "Esc leaves the field")
    press(browser, "1")
    wait_for(browser, lambda d: rows(d) == 1, "key 1 after Esc sends arm")
    field = browser.find_element(By.CSS_SELECTOR, "form.event[data-event='reset'] input")
    assert field.get_attribute("value") == ""


def test_the_style_keys_reach_every_pane_and_never_drop_one(browser):
    browser.get(URL + "machines/tcp-connection?view=present&styles=enum,state-pattern")
    wait_for(browser, lambda d: panes(d) == ["enum", "state-pattern", 2], "enum and state-pattern")
    # } steps the second pane through none and every pane, skipping the first's.
    seen = []
    for _ in range(8):
        press(browser, "}")
        seen.append(panes(browser))
    assert seen == [["enum", "state-pattern-types", 2], ["enum", "state-classes", 2],
                    ["enum", "state-classes-shared", 2], ["enum", "table", 2],
                    ["enum", "table-matrix", 2], ["enum", "", 1],
                    ["enum", "nested-switch", 2], ["enum", "state-pattern", 2]], seen
    press(browser, "{")
    assert panes(browser) == ["enum", "nested-switch", 2]
    press(browser, "}")
    # ] steps the first pane through every pane, skipping the second's: two panes all along.
    seen = []
    for _ in range(7):
        press(browser, "]")
        seen.append(panes(browser))
    assert seen == [["state-pattern-types", "state-pattern", 2],
                    ["state-classes", "state-pattern", 2],
                    ["state-classes-shared", "state-pattern", 2], ["table", "state-pattern", 2],
                    ["table-matrix", "state-pattern", 2], ["nested-switch", "state-pattern", 2],
                    ["enum", "state-pattern", 2]], seen
    press(browser, "[")
    assert panes(browser) == ["nested-switch", "state-pattern", 2]
    assert "styles=nested-switch%2Cstate-pattern" in browser.current_url \
        or "styles=nested-switch,state-pattern" in browser.current_url, browser.current_url
    # With no second pane, the first reaches all of them.
    browser.get(URL + "machines/tcp-connection?view=present&styles=enum")
    wait_for(browser, lambda d: panes(d) == ["enum", "", 1], "enum alone")
    seen = []
    for _ in range(8):
        press(browser, "]")
        seen.append(panes(browser)[0])
    assert seen == PANES[2:] + PANES[:2], seen
    # Variants in the address are shown.
    browser.get(URL + "machines/tcp-connection?view=present&styles=table-matrix,state-pattern-types")
    wait_for(browser, lambda d: panes(d) == ["table-matrix", "state-pattern-types", 2],
             "the matrix and states as types")
    # The page's key help says so.
    press(browser, "?")
    help_text = text(browser, "#key-help")
    assert "skipped" in help_text and "none, then all 8" in help_text and "Esc" in help_text
    press(browser, "?")


def test_an_unknown_style_in_the_address_keeps_it_and_names_the_styles(browser):
    browser.get(URL + "machines/tcp-connection?view=present&styles=enumm")
    wait_for(browser, lambda d: "'enumm'" in (text(d, "#message") or ""), "the message")
    message = text(browser, "#message")
    for style in PANES:
        assert style in message, message
    assert browser.current_url.endswith("styles=enumm"), browser.current_url
    assert panes(browser) == ["enum", "state-pattern", 2]


def test_the_keys_work_after_the_style_menu(browser):
    fresh(browser, "machines/tcp-connection?view=present&styles=enum,state-pattern")
    browser.execute_script("document.getElementById('style-2').focus()")
    press(browser, Keys.ARROW_DOWN)  # The menu's own key: the next pane, a variant.
    wait_for(browser, lambda d: panes(d)[1] == "state-pattern-types", "the menu's choice")
    press(browser, "1")  # passiveOpen
    wait_for(browser, lambda d: rows(d) == 1, "key 1 after the menu sends passiveOpen")
    wait_for(browser, lambda d: text(d, "#state") == "listen", "listen")
    # A menu choice the other pane shows swaps the two, never drops one.
    browser.execute_script("""
      const menu = document.getElementById('style-1');
      menu.value = 'state-pattern-types';
      menu.dispatchEvent(new Event('change'));""")
    assert panes(browser) == ["state-pattern-types", "enum", 2]


def test_d_gives_the_diagram_the_screen_and_back(browser):
    fresh(browser, "machines/security-system?view=present")

    def layout(driver):
        return driver.execute_script("""
          const pane = document.querySelector('.diagram-pane').getBoundingClientRect();
          return [pane.width, document.querySelectorAll('.source.shown').length > 0
                  && getComputedStyle(document.querySelector('.sources')).display !== 'none'];""")

    width, code = layout(browser)
    assert code
    press(browser, "d")
    wait_for(browser, lambda d: layout(d)[0] > 1.5 * width and not layout(d)[1],
             "d: the diagram the whole width, no code")
    assert browser.execute_script("return document.documentElement.scrollHeight <= innerHeight + 1")
    press(browser, "d")
    wait_for(browser, lambda d: abs(layout(d)[0] - width) < 2 and layout(d)[1], "d again: the code back")
