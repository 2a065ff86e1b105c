"""The class view's /costs page in a real browser, at the widths a class uses:
a laptop's 1024 pixels, a 1280x720 projector, a 1920 screen and a 2560
projector. The chart must be as wide as the window with labels that neither
overlap nor shrink below 12 pixels, bars 16 pixels thick or more, each
labelled with its contender and time beside it (so that no one needs the
colours), draw both streams, and the page must say how to rerun the figures.

Run by scripts/browser-test, which starts `fsm serve` and passes its URL in
CLASS_VIEW_URL. Every wait polls with a timeout; nothing sleeps.
"""

import re

import pytest
from selenium.webdriver.common.by import By

from browser_support import URL, chromium, wait_for

READABLE_PX = 12
THICK_PX = 16
# Window sizes: width by height.
WINDOWS = [(1024, 768), (1280, 720), (1920, 1080), (2560, 1440)]

# Every text of the chart as the browser drew it: its box on the screen, and
# its font size in screen pixels (its size in the SVG's units times the scale
# the SVG is drawn at, whichever way the text is turned).
MEASURE = """
const svg = document.querySelector('.chart svg');
const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                     width: r.width, height: r.height});
return {
  svg: box(svg.getBoundingClientRect()),
  viewport: document.documentElement.clientWidth,
  scrollWidth: document.documentElement.scrollWidth,
  texts: [...svg.querySelectorAll('text')].map(t => ({
    text: t.textContent, role: t.getAttribute('class'),
    box: box(t.getBoundingClientRect()),
    px: parseFloat(getComputedStyle(t).fontSize)
        * Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b),
  })),
  bars: [...svg.querySelectorAll('rect.bar')].map(r => ({
    stream: r.dataset.stream, machine: r.dataset.machine, contender: r.dataset.contender,
    box: box(r.getBoundingClientRect()), title: r.textContent,
  })),
};
"""


@pytest.fixture(params=WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def costs(request):
    """The /costs page open in headless Chromium at one window size."""
    width, height = request.param
    driver = chromium(width, height)
    assert driver.execute_script("return window.innerWidth") == width
    driver.get(URL + "costs")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".chart svg text"),
             "the chart on /costs")
    yield driver
    driver.quit()


def overlap(a, b, slack=0.5):
    """Whether two boxes share more than `slack` pixels each way."""
    return (a["left"] + slack < b["right"] and b["left"] + slack < a["right"]
            and a["top"] + slack < b["bottom"] and b["top"] + slack < a["bottom"])


def test_chart_fits_the_window(costs):
    chart = costs.execute_script(MEASURE)
    assert chart["scrollWidth"] <= chart["viewport"], "the page scrolls sideways"
    assert chart["svg"]["right"] <= chart["viewport"]
    # It is drawn at the page's width, not at a fixed size.
    assert chart["svg"]["width"] >= chart["viewport"] - 60


def test_no_two_labels_overlap(costs):
    texts = costs.execute_script(MEASURE)["texts"]
    assert len(texts) > 20
    clashes = [(a["text"], b["text"])
               for i, a in enumerate(texts) for b in texts[i + 1:] if overlap(a["box"], b["box"])]
    assert clashes == []


def test_every_label_is_inside_the_chart(costs):
    chart = costs.execute_script(MEASURE)
    frame = chart["svg"]
    outside = [t["text"] for t in chart["texts"]
               if t["box"]["left"] < frame["left"] - 1 or t["box"]["right"] > frame["right"] + 1
               or t["box"]["top"] < frame["top"] - 1 or t["box"]["bottom"] > frame["bottom"] + 1]
    assert outside == []


def test_labels_are_readable(costs):
    texts = costs.execute_script(MEASURE)["texts"]
    small = [(t["text"], round(t["px"], 1)) for t in texts if t["px"] < READABLE_PX]
    assert small == []
    # The box the browser drew agrees: a line of 12px text is at least 12px high.
    assert min(t["box"]["height"] for t in texts) >= READABLE_PX


def test_both_streams_are_drawn_and_every_machine_and_style_named(costs):
    chart = costs.execute_script(MEASURE)
    labels = {t["text"] for t in chart["texts"]}
    for stream in ("uniform", "typical"):
        bars = [bar for bar in chart["bars"] if bar["stream"] == stream]
        assert bars, f"no bars of the {stream} stream"
        assert all(bar["box"]["width"] > 0 and bar["box"]["height"] > 0 for bar in bars)
        assert any(label.startswith(f"{stream} stream") for label in labels)
    machines = {bar["machine"] for bar in chart["bars"]}
    assert machines <= {t["text"] for t in chart["texts"] if t["role"] == "machine"}
    styles = {bar["contender"] for bar in chart["bars"]} - {"no-machine"}
    assert styles <= labels
    assert "no-machine (lower bound)" in labels


def test_bars_are_thick(costs):
    bars = costs.execute_script(MEASURE)["bars"]
    thin = [(b["machine"], b["stream"], b["contender"], round(b["box"]["height"], 1))
            for b in bars if b["box"]["height"] < THICK_PX]
    assert bars and thin == []


def test_every_bar_is_labelled_beside_it(costs):
    chart = costs.execute_script(MEASURE)
    unlabelled = []
    for bar in chart["bars"]:
        # The time its title gives, as the label writes it.
        ns = re.search(r": ([\d.]+) ns per event", bar["title"]).group(1)
        middle = (bar["box"]["top"] + bar["box"]["bottom"]) / 2
        beside = [t for t in chart["texts"]
                  if t["text"] == f"{bar['contender']} {ns} ns"
                  and t["box"]["top"] < middle < t["box"]["bottom"]
                  # Just past the bar's end, or inside it at its end.
                  and (abs(t["box"]["left"] - bar["box"]["right"]) < 12
                       or bar["box"]["left"] <= t["box"]["left"] < t["box"]["right"]
                       <= bar["box"]["right"] + 1)]
        if not beside:
            unlabelled.append((bar["machine"], bar["stream"], bar["contender"], ns))
    assert chart["bars"] and unlabelled == []


def test_the_rerun_command_is_shown(costs):
    rerun = costs.find_element(By.ID, "rerun")
    assert rerun.is_displayed()
    commands = rerun.find_element(By.TAG_NAME, "pre").text
    assert "scripts/benchmark" in commands.split()
    assert "scripts/benchmark --check" in commands
    assert "reload this page" in rerun.text
    # Said next to which results the page shows.
    label = costs.find_element(By.ID, "results-label").text
    assert "committed results" in label or "local run" in label
