"""A class that survives a restart, in headless Chromium: the teacher, a
follower and a student on a server of the test's own, which stops and comes
back; and the follow link the teacher shows the class.

Each server keeps its teacher's key in a temporary folder (browser_support's
Server), never in the real home.
"""

import urllib.error
import urllib.request

import pytest

from browser_support import Server, chromium, click_event, text, wait_for


@pytest.fixture()
def teacher():
    driver = chromium(1600, 1000)
    yield driver
    driver.quit()


@pytest.fixture()
def follower():
    driver = chromium(1600, 1000)
    yield driver
    driver.quit()


@pytest.fixture()
def student():
    driver = chromium(1600, 1000)
    yield driver
    driver.quit()


def events(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#trace tbody tr')].map(r => r.cells[1].innerText)")


def followed(driver):
    return driver.execute_script("return document.body.dataset.followed")


def status(url):
    """The status of GET url, redirects followed."""
    try:
        with urllib.request.urlopen(url) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_class_survives_a_restart(teacher, follower, student):
    server = Server()
    server.start()
    try:
        key = server.teacher_key
        teacher.get(server.url + "teach/" + key)
        teacher.get(server.url + "machines/security-system")
        wait_for(teacher, lambda d: text(d, "#state") == "disarmed", "the teacher's machine")
        click_event(teacher, "arm")
        wait_for(teacher, lambda d: text(d, "#state") == "armed", "the teacher's click")
        follower.get(server.url + "follow")
        wait_for(follower, lambda d: followed(d) == "1", "the follower on the teacher's machine")
        student.get(server.url + "machines/turnstile")
        wait_for(student, lambda d: text(d, "#state") == "locked", "the student's machine")
        click_event(student, "coin")
        wait_for(student, lambda d: text(d, "#state") == "unlocked", "the student's click")

        server.stop()
        # The student clicks while the server is down: the click is kept.
        click_event(student, "pass")
        wait_for(student, lambda d: "cannot be reached" in text(d, "#message"), "the student told")
        wait_for(follower, lambda d: "reconnecting" in text(d, "#message"), "the follower told")

        server.start()
        assert server.teacher_key == key, "the key outlives the restart"
        # The follower reconnects and gets the teacher's machine by itself,
        # once the teacher's page has caught up (its event replayed), with no
        # one doing anything.
        wait_for(follower, lambda d: text(d, "#message") == "" and followed(d) == "1"
                 and text(d, "#state") == "armed", "the follower caught up")
        # The teacher's browser is the teacher's again: its clicks reach the class.
        assert "no longer" not in text(teacher, "#follow-link")
        click_event(teacher, "breach")
        wait_for(follower, lambda d: followed(d) == "2", "the follower sees the teacher's click")
        wait_for(follower, lambda d: text(d, "#state") == "alarm", "the teacher's state")
        # The student's click made while the server was down went to it, once.
        wait_for(student, lambda d: events(d) == ["coin", "pass"], "the student's kept click sent")
        wait_for(student, lambda d: text(d, "#state") == "locked", "the student's state")
        # The old teacher's link still works.
        assert status(server.url + "teach/" + key) == 200

        # A new key: the teacher's page says it is no longer the teacher's.
        server.stop()
        server.start("--new-teacher-key")
        assert server.teacher_key != key
        wait_for(teacher, lambda d: "no longer the teacher's" in text(d, "#follow-link"),
                 "the teacher's page saying it is no longer the teacher's")
        assert "/teach/" in text(teacher, "#follow-link")
        assert status(server.url + "teach/" + key) == 403
        # Opening the new link makes it the teacher's again.
        teacher.get(server.url + "teach/" + server.teacher_key)
        teacher.get(server.url + "machines/security-system")
        wait_for(teacher, lambda d: text(d, "#follow-link") is not None
                 and "no longer" not in text(d, "#follow-link"), "the teacher's page again")
    finally:
        server.close()


def test_the_follow_link_is_one_students_can_type(teacher):
    local = Server()
    local.start()
    try:
        teacher.get(local.url + "teach/" + local.teacher_key)
        teacher.get(local.url + "machines/turnstile")
        line = text(teacher, "#follow-link")
        assert "cannot reach this server" in line, line
        assert "fsm serve --host 0.0.0.0" in line, line
        assert "127.0.0.1:" not in line and "localhost" not in line, line
    finally:
        local.close()

    network = Server(host="0.0.0.0")
    network.start()
    try:
        teacher.get(network.url + "teach/" + network.teacher_key)
        teacher.get(network.url + "machines/turnstile")
        links = teacher.execute_script(
            "return [...document.querySelectorAll('#follow-link a')].map(a => a.textContent)")
        assert links, text(teacher, "#follow-link")
        for link in links:
            assert link.startswith("http://") and link.endswith(f":{network.port}/follow"), link
            for unreachable in ("0.0.0.0", "localhost", "//127.", "[::1]"):
                assert unreachable not in link, link
    finally:
        network.close()
