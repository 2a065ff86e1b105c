"""The themes in headless Chromium, on every kind of page the class view
serves: the system's dark preference and its preference for more contrast
(Chromium's media emulation), and the menu in the navigation bar, which the
browser remembers. Dark has a dark background, high contrast a contrast of
at least 7:1 (WCAG AAA) between the text and its background, and the
diagrams stay dark on light.

Run by scripts/browser-test (CLASS_VIEW_URL).
"""

import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import URL, chromium, wait_for

PAGES = ["", "machines/turnstile", "costs", "lessons", "lessons/1", "docs/README.md"]

# The colours of the page's text and background, and of the diagram's
# drawing where it has one: its CSS filter and what it is drawn on.
COLOURS = """
const body = getComputedStyle(document.body);
const svg = document.querySelector('#diagram svg, .card svg');
return {
  classes: document.documentElement.className,
  text: body.color, background: body.backgroundColor,
  nav: getComputedStyle(document.querySelector('nav a')).color,
  navBackground: getComputedStyle(document.querySelector('nav')).backgroundColor,
  filter: svg ? getComputedStyle(svg).filter : null,
};
"""


def luminance(colour):
    """The relative luminance (WCAG) of an rgb() colour."""
    red, green, blue = [int(v) / 255 for v in re.findall(r"[\d.]+", colour)[:3]]

    def linear(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(a, b):
    """The contrast ratio of two colours, 1 to 21."""
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture(scope="module")
def browser():
    driver = chromium(1280, 900)
    yield driver
    driver.quit()


def emulate(driver, **features):
    """The system's preferences, as Chromium emulates them (none: the real ones)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": name.replace("_", "-"), "value": value} for name, value in features.items()]})


def open_page(driver, page):
    driver.get(URL + page)
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete",
             f"/{page}")
    return driver.execute_script(COLOURS)


def forget_the_choice(driver):
    driver.get(URL)
    driver.execute_script("localStorage.removeItem('fsm-theme'); localStorage.removeItem('fsm-contrast')")


@pytest.mark.parametrize("page", PAGES)
def test_the_systems_preferences_apply(browser, page):
    forget_the_choice(browser)
    try:
        emulate(browser, prefers_color_scheme="light", prefers_contrast="no-preference")
        light = open_page(browser, page)
        assert luminance(light["background"]) > 0.9, light
        emulate(browser, prefers_color_scheme="dark", prefers_contrast="no-preference")
        dark = open_page(browser, page)
        assert "dark" in dark["classes"].split(), dark
        assert luminance(dark["background"]) < 0.05, dark
        assert contrast(dark["text"], dark["background"]) >= 7, dark
        if dark["filter"] is not None:
            # Graphviz draws dark on white: inverted on a dark page.
            assert "invert(1)" in dark["filter"], dark
        emulate(browser, prefers_color_scheme="light", prefers_contrast="more")
        high = open_page(browser, page)
        assert "contrast" in high["classes"].split(), high
        assert contrast(high["text"], high["background"]) >= 7, high
        assert contrast(high["nav"], high["navBackground"]) >= 7, high
    finally:
        emulate(browser)


@pytest.mark.parametrize("page", PAGES)
def test_the_menu_chooses_a_theme_the_browser_remembers(browser, page):
    forget_the_choice(browser)
    emulate(browser, prefers_color_scheme="light", prefers_contrast="no-preference")
    try:
        open_page(browser, page)
        Select(browser.find_element(By.ID, "theme-choice")).select_by_value("dark")
        wait_for(browser, lambda d: luminance(d.execute_script(COLOURS)["background"]) < 0.05,
                 f"/{page} dark")
        browser.refresh()
        kept = browser.execute_script(COLOURS)
        assert luminance(kept["background"]) < 0.05, kept
        assert browser.find_element(By.ID, "theme-choice").get_attribute("value") == "dark"
        Select(browser.find_element(By.ID, "theme-choice")).select_by_value("contrast")
        high = browser.execute_script(COLOURS)
        assert contrast(high["text"], high["background"]) >= 7, high
        if high["filter"] is not None:
            assert "invert" not in high["filter"], high  # on its own white card
        Select(browser.find_element(By.ID, "theme-choice")).select_by_value("system")
        back = browser.execute_script(COLOURS)
        assert luminance(back["background"]) > 0.9, back
    finally:
        emulate(browser)
        forget_the_choice(browser)
