"""What every browser test shares: where the class view is, how long a wait
may take, a headless Chromium whose page is exactly the size asked for, and
reading the page.

The test files import it by name: pytest puts this folder on sys.path (it has
no __init__.py).
"""

import os
import shutil
import signal
import socket
import subprocess
import tempfile

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ.get("CLASS_VIEW_URL", "http://127.0.0.1:8080/")
TIMEOUT = 20


def chromium(width=None, height=None):
    """A headless Chromium; with a size, its page (not its window) that size."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    arguments = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--force-device-scale-factor=1"]
    if width is not None:
        arguments.append(f"--window-size={width},{height}")
    for argument in arguments:
        options.add_argument(argument)
    service = webdriver.ChromeService(
        executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    if width is not None:
        # --window-size sets the outer window; the page's own size is what counts.
        inner = driver.execute_script("return [innerWidth, innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
    return driver


def wait_for(driver, condition, what, timeout=TIMEOUT, poll=0.02):
    """Polls `condition(driver)` until it is true, failing with `what`."""
    return WebDriverWait(driver, timeout, poll_frequency=poll).until(
        lambda d: condition(d), message=what)


def text(driver, selector):
    """The text of the first element `selector` finds, read in the page in one go
    (the page redraws its parts after each step), or None."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.innerText.trim() : null;",
        selector)


class Server:
    """An `fsm serve` of a test's own, on a port it keeps across restarts, with
    its teacher's key kept in a temporary folder (XDG_STATE_HOME), never in the
    real home. `teacher_key` is the key of the link it printed last."""

    def __init__(self, host="127.0.0.1"):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.host = host
        self.url = f"http://127.0.0.1:{self.port}/"
        self.state = tempfile.mkdtemp(prefix="fsm-state-")
        self.process = None
        self.teacher_key = None

    def start(self, *options):
        binary = os.environ.get("FSM_BINARY", ".build/debug/fsm")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(self.port), "--host", self.host, *options],
            stdout=subprocess.PIPE, text=True, env=dict(os.environ, XDG_STATE_HOME=self.state))
        line = self.process.stdout.readline()
        assert "http://" in line, line
        teacher = self.process.stdout.readline()
        assert "/teach/" in teacher, teacher
        self.teacher_key = teacher.split("/teach/")[1].split()[0]

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=5)

    def close(self):
        if self.process is not None and self.process.poll() is None:
            self.stop()
        shutil.rmtree(self.state, ignore_errors=True)


def click_event(driver, event, argument=None):
    """Sends event from the page's form for it, typing argument in its field first."""
    form = driver.find_element(By.CSS_SELECTOR, f"form.event[data-event='{event}']")
    if argument is not None:
        field = form.find_element(By.TAG_NAME, "input")
        field.clear()
        field.send_keys(argument)
    form.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
