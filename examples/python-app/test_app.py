"""The example app's contract with Baton, checked against the real process:
python3 -m unittest discover -s examples/python-app"""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

APP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "app.py")


class RunningApp:
    """app.py in a process of its own, on a free port it names once it listens."""

    def __init__(self, *args, env=None, cwd=None):
        self.process = subprocess.Popen([sys.executable, APP, "--port", "0", *args], stderr=subprocess.PIPE,
                                        text=True, env={**os.environ, **(env or {})}, cwd=cwd)
        line = self.process.stderr.readline()
        serving = re.search(r"serving (\S+) on 127\.0\.0\.1:(\d+)", line)
        if not serving:
            self.process.kill()
            raise AssertionError(f"app.py did not start: {line}{self.process.stderr.read()}")
        self.version, self.port = serving.group(1), int(serving.group(2))

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)

    def request(self, method, path, body=None):
        connection = self.connection()
        try:
            connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            return response.status, json.loads(response.read())
        finally:
            connection.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.process.stderr.close()


def until(what, condition, timeout=10):
    """Checks a condition the app reaches on its own, every 10 ms, for at most `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(0.01)


class AppTests(unittest.TestCase):

    def start(self, *args, **kwargs):
        app = RunningApp(*args, **kwargs)
        self.addCleanup(app.stop)
        return app

    def test_health_answers_up_with_the_version_it_runs(self):
        app = self.start("--version", "v2")
        self.assertEqual(app.request("GET", "/health"), (200, {"status": "UP", "version": "v2", "inFlight": 0}))

    def test_keeps_posted_notes_and_lists_them(self):
        app = self.start("--version", "v1", "--work-ms", "0")
        status, created = app.request("POST", "/notes", json.dumps({"text": "first"}))
        self.assertEqual((status, created), (201, {"version": "v1", "id": 1}))
        self.assertEqual(app.request("GET", "/notes"),
                         (200, {"version": "v1", "notes": [{"id": 1, "note": {"text": "first"}}]}))
        self.assertEqual(app.request("POST", "/notes", "not json")[0], 400)

    def test_unhealthy_release_answers_503_down_with_its_version(self):
        app = self.start("--version", "v3-broken", "--unhealthy")
        self.assertEqual(app.request("GET", "/health"),
                         (503, {"status": "DOWN", "version": "v3-broken", "inFlight": 0}))

    def test_takes_its_arguments_from_a_release_file_then_from_the_environment(self):
        with tempfile.TemporaryDirectory() as release:
            with open(os.path.join(release, "release.args"), "w") as args:
                args.write("--version=v2\n--unhealthy\n")
            app = self.start("@release.args", cwd=release)
            self.assertEqual(app.request("GET", "/health")[1]["status"], "DOWN")
            self.assertEqual(app.version, "v2")
        self.assertEqual(self.start(env={"NOTES_VERSION": "v7"}).version, "v7")

    def test_on_sigterm_answers_503_finishes_the_request_in_flight_refuses_new_connections_and_exits_0(self):
        app = self.start("--version", "v1", "--work-ms", "1000")
        probe = app.connection()

        def health():
            probe.request("GET", "/health")
            response = probe.getresponse()
            return response.status, json.loads(response.read())

        answers = []
        slow = threading.Thread(target=lambda: answers.append(app.request("GET", "/notes")))
        slow.start()
        until("the slow request in flight", lambda: health()[1]["inFlight"] == 1)
        app.process.send_signal(signal.SIGTERM)

        def stopping():
            status, body = health()
            return body if status == 503 else None

        self.assertEqual(until("health answering 503", stopping),
                         {"status": "SHUTTING_DOWN", "version": "v1", "inFlight": 1})
        slow.join(10)
        self.assertEqual(answers, [(200, {"version": "v1", "notes": []})])
        self.assertEqual(app.process.wait(10), 0)
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", app.port), timeout=2)


if __name__ == "__main__":
    unittest.main()
