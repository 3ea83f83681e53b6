#!/usr/bin/env python3
"""serve under load (issue 50 item 14): /api/health's latency while 8 heavy
requests run, and while 128 connections from the same address drip a body
one byte a second; each heavy request must get an answer (not a dropped
connection). Usage: serve_load.py GPUSIZER [--answers-only].
`make bench` runs it whole: exit 1 when health takes 1 s or more, or a
heavy request gets no answer. `make check` runs it with --answers-only
(tests/serve_load): every request must be answered, whatever it took (a
timing is a benchmark's, never a test's)."""
import http.client, json, socket, subprocess, sys, threading, time

B = sys.argv[1]
ANSWERS_ONLY = "--answers-only" in sys.argv[2:]
LIMIT_MS = 10000 if ANSWERS_ONLY else 1000
srv = subprocess.Popen([B, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
port = int(srv.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
HEAVY = {"model": "meta-llama/Llama-3.1-8B", "gpu": "RTX 4090", "runtime": "ollama", "gpus": 8,
         "concurrency": 4, "formats": ["Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q3_K_M", "Q2_K"]}


def post(path, body, timeout=60):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = json.dumps(body)
    c.request("POST", path, data, {"Content-Type": "application/json", "Host": "127.0.0.1:%d" % port})
    r = c.getresponse()
    r.read()
    return r.status


def health_ms():
    t = time.monotonic()
    s = post("/api/health", {}, timeout=10)
    return (time.monotonic() - t) * 1000, s


bad = 0
answers = []
threads = [threading.Thread(target=lambda: answers.append(post("/api/matrix", HEAVY))) for _ in range(8)]
for t in threads:
    t.start()
time.sleep(0.2)
worst = max(health_ms()[0] for _ in range(10))
for t in threads:
    t.join()
print("health while 8 matrices run: worst of 10 %.0f ms; matrix answers %s" % (worst, sorted(answers)))
bad |= worst >= LIMIT_MS or len(answers) != 8 or any(s not in (200, 400) for s in answers)

drips = []
for _ in range(128):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"POST /api/estimate HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
              b"Content-Length: 1000\r\n\r\n{" % port)
    drips.append(s)
worst = 0
for second in range(6):
    for s in drips:
        try:
            s.send(b" ")
        except OSError:
            pass
    try:
        worst = max(worst, health_ms()[0])
    except OSError:
        worst = 10000
    time.sleep(1)
print("health while 128 connections drip a body: worst %.0f ms" % worst)
bad |= worst >= LIMIT_MS
srv.terminate()
srv.wait()
sys.exit(1 if bad else 0)
