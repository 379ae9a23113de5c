#!/usr/bin/env python3
"""notes: a small web app to put behind Baton, on Python's standard library only.

  GET  /health  200 {"status": "UP", "version": "v2", "inFlight": 0}
                503 {"status": "SHUTTING_DOWN", ...} from the moment it stops
                503 {"status": "DOWN", ...} in a release run with --unhealthy
  GET  /notes   200 {"version": "v2", "notes": [...]}: the latest notes this instance keeps
  POST /notes   201 {"version": "v2", "id": 7}: keeps the JSON body as a note

On SIGTERM it stops accepting connections, finishes the requests in flight and exits 0.
Arguments may come from a file (@release.args, one per line) and fall back to the
environment (NOTES_VERSION, NOTES_PORT, NOTES_HOST, NOTES_WORK_MS, NOTES_UNHEALTHY).
"""

import argparse
import collections
import itertools
import json
import os
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Longer than nginx keeps an idle upstream connection (60 s): nginx, not the app, closes
# it, so the app never closes a connection at the moment nginx reuses it for a POST.
KEEP_ALIVE_SECONDS = 75
# How long a stop waits for the requests in flight.
STOP_TIMEOUT_SECONDS = 20


def log(message):
    stamp = datetime.now(timezone.utc).isoformat(timespec="milliseconds")
    print(f"{stamp} notes[{os.getpid()}] {message}", file=sys.stderr, flush=True)


class Requests:
    """Counts the requests in flight, so that a stop can wait for the last one."""

    def __init__(self):
        self._changed = threading.Condition()
        self._in_flight = 0

    def __enter__(self):
        with self._changed:
            self._in_flight += 1

    def __exit__(self, *exc):
        with self._changed:
            self._in_flight -= 1
            self._changed.notify_all()

    def in_flight(self):
        with self._changed:
            return self._in_flight

    def wait_until_none(self, timeout):
        with self._changed:
            return self._changed.wait_for(lambda: self._in_flight == 0, timeout)


class Notes:
    """What one instance serves: its version, its health and the notes it keeps."""

    def __init__(self, settings):
        self.version = settings.version
        self.unhealthy = settings.unhealthy
        self.work = settings.work_ms / 1000
        self.requests = Requests()
        self.stopping = False
        self._notes = collections.deque(maxlen=100)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def health(self):
        if self.stopping:
            status = "SHUTTING_DOWN"
        else:
            status = "DOWN" if self.unhealthy else "UP"
        body = {"status": status, "version": self.version, "inFlight": self.requests.in_flight()}
        return (200 if status == "UP" else 503), body

    def latest(self):
        time.sleep(self.work)
        with self._lock:
            return 200, {"version": self.version, "notes": list(self._notes)[-10:]}

    def add(self, note):
        time.sleep(self.work)
        with self._lock:
            note_id = next(self._ids)
            self._notes.append({"id": note_id, "note": note})
        return 201, {"version": self.version, "id": note_id}


class Server(ThreadingHTTPServer):
    daemon_threads = True  # a thread left on an idle keep-alive connection does not hold up the exit
    request_queue_size = 128

    def __init__(self, app, address):
        super().__init__(address, Handler)
        self.app = app


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "notes"
    timeout = KEEP_ALIVE_SECONDS

    def do_GET(self):
        app = self.server.app
        if self.path == "/health":
            self.answer(*app.health())
        elif self.path == "/notes":
            with app.requests:
                self.answer(*app.latest())
        else:
            self.answer(404, {"error": f"no {self.path}"})

    def do_POST(self):
        app = self.server.app
        if self.path != "/notes":
            self.answer(404, {"error": f"no {self.path}"})
            return
        with app.requests:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                note = json.loads(body)
            except ValueError:
                self.answer(400, {"error": "the body is not JSON"})
                return
            self.answer(*app.add(note))

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if self.server.app.stopping:
            # The request that was in flight gets its answer; its connection goes with it.
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(data)

    def log_request(self, code="-", size="-"):
        pass  # no access log: nginx keeps one


def settings(argv):
    env = os.environ.get
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0], fromfile_prefix_chars="@")
    parser.add_argument("--version", default=env("NOTES_VERSION"), help="the version it reports")
    parser.add_argument("--port", type=int, default=int(env("NOTES_PORT", "8000")))
    parser.add_argument("--host", default=env("NOTES_HOST", "127.0.0.1"))
    parser.add_argument("--work-ms", type=int, default=int(env("NOTES_WORK_MS", "20")),
                        help="how long each /notes request takes, as if it waited on a database")
    parser.add_argument("--unhealthy", action="store_true", default=env("NOTES_UNHEALTHY") == "true",
                        help="a broken release: /health answers 503 DOWN")
    parsed = parser.parse_args(argv)
    if not parsed.version:
        parser.error("--version (or NOTES_VERSION) is required")
    return parsed


def main(argv=None):
    options = settings(argv)
    app = Notes(options)
    server = Server(app, (options.host, options.port))

    def stop(signum, frame):
        app.stopping = True
        log(f"stopping on signal {signum}: no new connections, finishing what is in flight")
        # serve_forever runs in this thread: it is told to return from another one.
        threading.Thread(target=server.shutdown).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    log(f"serving {app.version} on {options.host}:{server.server_address[1]}"
        + (" (unhealthy release)" if app.unhealthy else ""))
    server.serve_forever(poll_interval=0.05)
    server.server_close()
    if app.requests.wait_until_none(STOP_TIMEOUT_SECONDS):
        log("stopped: nothing was left in flight")
        return 0
    log(f"stopped with {app.requests.in_flight()} requests still in flight after {STOP_TIMEOUT_SECONDS} s")
    return 1


if __name__ == "__main__":
    sys.exit(main())
