"""Every link of the class view alive, in a real browser: headless Chromium.

Crawls every same-origin page reachable from /, /lessons and /costs as a
reader clicking through would, and checks that no link, image, stylesheet
or script fails, that every #anchor names an element of its page, and that
no lesson shows raw Markdown. Run by scripts/browser-test, which starts
`fsm serve` and passes its URL in CLASS_VIEW_URL.
"""

import re
import urllib.error
import urllib.parse
import urllib.request

import pytest

from browser_support import TIMEOUT, URL, chromium

START = ("", "lessons", "costs")

# Every address a page names, as the browser resolved it, with the ids of
# its elements (the targets of #anchors).
READ_PAGE = """
const addresses = [...document.querySelectorAll('a[href], link[href]')].map(e => e.href)
  .concat([...document.querySelectorAll('img[src], script[src]')].map(e => e.src));
const ids = [...document.querySelectorAll('[id]')].map(e => e.id)
  .concat([...document.querySelectorAll('a[name]')].map(e => e.name));
return {addresses, ids};
"""

# A lesson's text as a reader sees it, hints included, code left out.
LESSON_TEXT = """
const article = document.querySelector('article.lesson').cloneNode(true);
article.querySelectorAll('code, pre').forEach(e => e.remove());
return article.textContent;
"""

# Raw Markdown a renderer left behind: code spans, fences, strong, emphasis.
RAW_MARKDOWN = {
    "a backtick": re.compile(r"`"),
    "**": re.compile(r"\*\*"),
    "__": re.compile(r"__"),
    "*word*": re.compile(r"(?<![\w*])\*[^\s*][^*]*\*(?![\w*])"),
}


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    driver.set_page_load_timeout(TIMEOUT)
    yield driver
    driver.quit()


def fetch(address):
    """The status and Content-Type of GET `address`, errors included."""
    try:
        with urllib.request.urlopen(address, timeout=TIMEOUT) as response:
            return response.status, response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", "")


def same_origin(address):
    return address.startswith(URL.rstrip("/") + "/") or address == URL.rstrip("/")


@pytest.fixture(scope="module")
def crawl(browser):
    """Every page reached: its status, type, the addresses it names and its ids."""
    pages = {}
    waiting = [URL + path for path in START]
    while waiting:
        address = urllib.parse.urldefrag(waiting.pop())[0]
        if address in pages:
            continue
        status, content_type = fetch(address)
        page = {"status": status, "type": content_type, "addresses": [], "ids": set()}
        pages[address] = page
        if status != 200 or not content_type.startswith("text/html"):
            continue
        browser.get(address)
        read = browser.execute_script(READ_PAGE)
        page["addresses"] = read["addresses"]
        page["ids"] = set(read["ids"])
        if "/lessons/" in address and browser.execute_script(
                "return !!document.querySelector('article.lesson')"):
            page["lesson_text"] = browser.execute_script(LESSON_TEXT)
        waiting += [a for a in page["addresses"] if same_origin(a)]
    return pages


def test_every_link_answers(crawl):
    failing = [f"{a} ({p['status']})" for a, p in crawl.items() if p["status"] != 200]
    assert not failing, failing
    lessons = [a for a, p in crawl.items() if "lesson_text" in p]
    assert len(lessons) >= 15, f"the crawl reached only these lessons: {lessons}"
    for path in ("docs/semantics.md", "docs/diagrams", "README.md",
                 "lessons/Exercises/Lesson1.swift", "docs/using-fsm.md", "docs/class-view.md",
                 "docs/diagrams.md", "docs/benchmarks.md", "docs/results.md",
                 "docs/conformance.md", "docs/api.md"):
        assert URL + path in crawl, f"the crawl did not reach /{path}"


def test_every_anchor_lands(crawl):
    missing = []
    checked = 0
    for address, page in crawl.items():
        for link in page["addresses"]:
            target, fragment = urllib.parse.urldefrag(link)
            if not fragment or not same_origin(target):
                continue
            checked += 1
            if urllib.parse.unquote(fragment) not in crawl[target]["ids"]:
                missing.append(f"{address} -> {link}")
    assert not missing, missing
    assert checked > 20, f"only {checked} #anchors found to check"


def test_no_raw_markdown_in_lessons(crawl):
    found = []
    for address, page in crawl.items():
        text = page.get("lesson_text")
        if text is None:
            continue
        for name, pattern in RAW_MARKDOWN.items():
            for match in pattern.finditer(text):
                context = text[max(0, match.start() - 40):match.end() + 40].replace("\n", " ")
                found.append(f"{address}: {name} in '{context}'")
    assert not found, found
