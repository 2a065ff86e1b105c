"""Lessons on a projector, in headless Chromium: the presentation layout of
the lessons and the Markdown pages (`?view=present`, the link "Present (p)"
and the key p), measured at the screens a class uses.

- the body text is 22 pixels or more on a 1920x1080 screen;
- the text column takes 60% of the screen or more at 1920x1080 and at
  2560x1440 (at most 45 em: about 90 characters of prose);
- at 1280x720 no lesson scrolls sideways, and no code block hides a line
  behind a scroll bar of its own;
- an SVG image's smallest text (its size in the SVG's units times the scale
  it is drawn at) is 12 pixels or more on the screen, in both layouts;
- a PNG image (a screenshot, in the README) fitted to the column is shown at
  its own size, in a box that scrolls, by a click, and fitted again by
  another.

Run by scripts/browser-test (CLASS_VIEW_URL). Every wait polls with a
timeout; nothing sleeps.
"""

import re
import urllib.error
import urllib.request
import xml.etree.ElementTree as ElementTree

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from browser_support import TIMEOUT, URL, chromium, wait_for

READABLE_PX = 12
PRESENT = "?view=present"

# The page as a reader sees it: the body text's size, the widest paragraph,
# whether the page or a code block scrolls sideways, and every image as
# drawn (its content box, without the padding the dark theme gives it).
MEASURE = """
const article = document.querySelector('article') || document.querySelector('main');
const paragraphs = [...article.querySelectorAll(':scope > p')];
const px = (e, property) => parseFloat(getComputedStyle(e)[property]);
return {
  viewport: document.documentElement.clientWidth,
  scrollWidth: document.documentElement.scrollWidth,
  body: paragraphs.length ? px(paragraphs[0], 'fontSize') : null,
  column: Math.max(0, ...paragraphs.map(p => p.getBoundingClientRect().width)),
  code: [...article.querySelectorAll('pre')].map(pre => ({
    text: pre.textContent.slice(0, 60), font: px(pre.querySelector('code') || pre, 'fontSize'),
    scroll: pre.scrollWidth, client: pre.clientWidth})),
  images: [...article.querySelectorAll('img')].map(img => ({
    src: img.src, complete: img.complete, natural: img.naturalWidth,
    width: img.getBoundingClientRect().width - px(img, 'paddingLeft') - px(img, 'paddingRight')
      - px(img, 'borderLeftWidth') - px(img, 'borderRightWidth')})),
};
"""


def fetch(address):
    """The status and body of GET `address`, errors included."""
    try:
        with urllib.request.urlopen(address, timeout=TIMEOUT) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def lesson_numbers():
    """The lessons /lessons lists."""
    status, body = fetch(URL + "lessons")
    assert status == 200
    return sorted({int(n) for n in re.findall(rb'href="/lessons/(\d+)"', body)})


LESSONS = lesson_numbers()


def svg_text_units(address):
    """The SVG at `address`: the width of its viewBox and the size of its
    smallest text, both in its own units (a size set on the root applies to
    every text that sets none)."""
    status, body = fetch(address)
    assert status == 200, address
    root = ElementTree.fromstring(body)
    view_box = [float(v) for v in re.split(r"[\s,]+", root.get("viewBox").strip())]
    default = float(root.get("font-size", "16"))
    sizes = [float(e.get("font-size", default)) for e in root.iter()
             if e.tag.endswith("}text") or e.tag == "text"]
    return view_box[2], min(sizes)


def images_of(lesson):
    """The addresses of the images lesson `lesson` shows."""
    status, body = fetch(URL + f"lessons/{lesson}")
    assert status == 200
    return re.findall(rb'<img[^>]* src="([^"]+)"', body)


LESSONS_WITH_IMAGES = [n for n in LESSONS if images_of(n)]


def open_page(driver, page):
    driver.get(URL + page)
    wait_for(driver, lambda d: d.execute_script(
        "return document.readyState === 'complete'"
        " && [...document.images].every(i => i.complete)"), f"/{page} loaded")
    return driver.execute_script(MEASURE)


@pytest.fixture(scope="module")
def at_1920():
    driver = chromium(1920, 1080)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def at_1280():
    driver = chromium(1280, 720)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def at_2560():
    driver = chromium(2560, 1440)
    yield driver
    driver.quit()


@pytest.mark.parametrize("lesson", LESSONS)
def test_body_text_is_22_px_on_a_1920_screen(at_1920, lesson):
    page = open_page(at_1920, f"lessons/{lesson}{PRESENT}")
    assert page["body"] >= 22, page["body"]
    # Code as large as the machine pages' when presenting.
    small = [(c["text"], c["font"]) for c in page["code"] if c["font"] < 19]
    assert small == []


@pytest.mark.parametrize("size", ["1920", "2560"])
@pytest.mark.parametrize("lesson", [1, 9, 16])
def test_the_column_takes_most_of_the_screen(at_1920, at_2560, size, lesson):
    driver = at_1920 if size == "1920" else at_2560
    page = open_page(driver, f"lessons/{lesson}{PRESENT}")
    share = page["column"] / page["viewport"]
    assert share >= 0.6, f"the column is {page['column']:.0f} px of {page['viewport']}"
    # A measure a reader follows from line to line: at most about 90
    # characters of prose (45 em, an average character being half an em).
    assert page["column"] <= 45 * page["body"] + 1


@pytest.mark.parametrize("lesson", LESSONS)
def test_nothing_scrolls_sideways_at_1280(at_1280, lesson):
    page = open_page(at_1280, f"lessons/{lesson}{PRESENT}")
    assert page["scrollWidth"] <= page["viewport"], "the page scrolls sideways"
    hidden = [c["text"] for c in page["code"] if c["scroll"] > c["client"] + 1]
    assert hidden == [], "code blocks that scroll sideways"
    small = [(c["text"], c["font"]) for c in page["code"] if c["font"] < 15]
    assert small == []


def label_sizes(driver, page):
    """Each SVG image of `page` with its smallest text, in screen pixels."""
    measured = driver.execute_script(MEASURE)
    sizes = {}
    for image in measured["images"]:
        if not image["src"].endswith(".svg"):
            continue
        view_width, smallest = svg_text_units(image["src"])
        sizes[image["src"].rsplit("/", 1)[1]] = round(smallest * image["width"] / view_width, 1)
    return sizes, measured


@pytest.mark.parametrize("window,view", [("1920", PRESENT), ("1280", PRESENT), ("1280", "")],
                         ids=["present-1920", "present-1280", "normal-1280"])
@pytest.mark.parametrize("lesson", LESSONS_WITH_IMAGES)
def test_image_labels_are_12_px_or_more(at_1920, at_1280, window, view, lesson):
    driver = at_1920 if window == "1920" else at_1280
    open_page(driver, f"lessons/{lesson}{view}")
    try:
        # Images may be sized once their SVG is read: the wait allows it.
        wait_for(driver, lambda d: min(label_sizes(d, "")[0].values()) >= READABLE_PX,
                 "labels of 12 px", timeout=5)
    except TimeoutException:
        pass
    sizes, page = label_sizes(driver, "")
    assert sizes, "no SVG image measured"
    small = {name: px for name, px in sizes.items() if px < READABLE_PX}
    assert small == {}, f"labels under {READABLE_PX} px: {small}"
    assert page["scrollWidth"] <= page["viewport"], "the page scrolls sideways"


def test_a_screenshot_is_shown_at_its_own_size_by_a_click(at_1280):
    page = open_page(at_1280, f"README.md{PRESENT}")
    pngs = [i for i in page["images"] if i["src"].endswith(".png")]
    assert pngs, "the README shows no PNG"
    for index, image in enumerate(pngs):
        element = at_1280.find_elements(By.CSS_SELECTOR, "article img[src$='.png']")[index]
        # Fitted to the page, as the README's screenshots are wider than 1280.
        assert image["width"] < image["natural"], image
        at_1280.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        wait_for(at_1280, lambda d: d.execute_script(MEASURE)["images"][
            page["images"].index(image)]["width"] == image["natural"],
            f"{image['src']} at its own size", timeout=5)
        now = at_1280.execute_script(MEASURE)
        assert now["scrollWidth"] <= now["viewport"], "the page scrolls sideways"
        element.click()
        wait_for(at_1280, lambda d: d.execute_script(MEASURE)["images"][
            page["images"].index(image)]["width"] < image["natural"],
            f"{image['src']} fitted again", timeout=5)


@pytest.mark.parametrize("page", ["lessons/1", "lessons", "docs/semantics.md"])
def test_the_link_and_the_key_p(at_1280, page):
    open_page(at_1280, page)
    link = at_1280.find_element(By.ID, "present-link")
    assert link.is_displayed() and "(p)" in link.text
    assert link.get_attribute("href") == URL + page + PRESENT
    at_1280.find_element(By.TAG_NAME, "body").send_keys("p")
    wait_for(at_1280, lambda d: d.current_url == URL + page + PRESENT, "presenting")
    assert "present" in at_1280.find_element(By.TAG_NAME, "body").get_attribute("class").split()
    leave = at_1280.find_element(By.ID, "present-link")
    assert leave.get_attribute("href") == URL + page and "(p)" in leave.text
    at_1280.find_element(By.TAG_NAME, "body").send_keys("p")
    wait_for(at_1280, lambda d: d.current_url == URL + page, "back to the page")


def test_presenting_a_lesson_keeps_presenting_to_the_next():
    status, body = fetch(URL + "lessons/2" + PRESENT)
    assert status == 200
    assert b'href="/lessons/3?view=present"' in body and b'href="/lessons/1?view=present"' in body


def test_a_view_a_lesson_has_not_is_named():
    status, body = fetch(URL + "lessons/1?view=follow")
    assert status == 400
    assert b"normal" in body and b"present" in body
