#!/usr/bin/env python3
"""rest-run against curl, httpie and Tavern: every scenario interleaved round by round (A B A B ...),
medians of wall time, requests per second and peak RSS, and rest-run's ratio to each peer.

Run through Benchmarks/run, which installs and builds what this needs. Every loop is bounded and
nginx is stopped on the way out, whatever happens.
"""
import argparse, json, os, re, shutil, signal, socket, statistics, subprocess, sys, textwrap, threading, time

PORT = 8082
URL = f"http://127.0.0.1:{PORT}/data.json"
BIG = f"http://127.0.0.1:{PORT}/big.bin"
FIELD = '"status":"ok"'
BIG_SIZE = 100 * 1024 * 1024


def sh(command):
    return ["/bin/sh", "-c", command]


def measure(argv, cwd, env=None, timeout=600):
    """Runs argv; returns (seconds, peak RSS in MB of it and its children, exit code).

    The peak RSS comes from GNU time, a small parent: a child forked from this Python process would
    report Python's own RSS as its high-water mark (Linux keeps it across exec).
    """
    rss_file = os.path.join(cwd, ".rss")
    argv = ["/usr/bin/time", "-f", "%M", "-o", rss_file] + argv
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.0005)
    elapsed = time.perf_counter() - start
    try:
        with open(rss_file) as f:
            kilobytes = int(f.read().strip().splitlines()[-1])
    except (OSError, ValueError, IndexError):
        kilobytes = 0
    return elapsed, kilobytes / 1024.0, os.waitstatus_to_exitcode(status)


class Nginx:
    def __init__(self, work):
        self.dir = os.path.join(work, "nginx")
        self.process = None

    def start(self):
        for sub in ["www", "logs", "tmp"]:
            os.makedirs(os.path.join(self.dir, sub), exist_ok=True)
        with open(os.path.join(self.dir, "www", "data.json"), "w") as f:
            f.write('{"status":"ok","service":"bench","items":[1,2,3],"n":42}\n')
        big = os.path.join(self.dir, "www", "big.bin")
        if not os.path.exists(big) or os.path.getsize(big) != BIG_SIZE:
            with open(big, "wb") as f:
                chunk = (b"0123456789abcdef" * 4096)
                for _ in range(BIG_SIZE // len(chunk)):
                    f.write(chunk)
                # A marker at the very end, for the body-contains check.
                f.seek(BIG_SIZE - 16)
                f.write(b"END-OF-BIG-BODY\n")
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(textwrap.dedent(f"""
                daemon off;
                master_process on;
                worker_processes 1;
                pid {self.dir}/nginx.pid;
                error_log {self.dir}/logs/error.log warn;
                events {{ worker_connections 1024; }}
                http {{
                    access_log off;
                    sendfile on;
                    tcp_nopush on;
                    tcp_nodelay on;
                    keepalive_timeout 65;
                    keepalive_requests 100000;
                    client_body_temp_path {self.dir}/tmp/body;
                    proxy_temp_path {self.dir}/tmp/proxy;
                    fastcgi_temp_path {self.dir}/tmp/fastcgi;
                    uwsgi_temp_path {self.dir}/tmp/uwsgi;
                    scgi_temp_path {self.dir}/tmp/scgi;
                    types {{ application/json json; application/octet-stream bin; }}
                    default_type application/octet-stream;
                    server {{
                        listen 127.0.0.1:{PORT};
                        root {self.dir}/www;
                        etag off;
                        location / {{ }}
                    }}
                }}
            """))
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([binary, "-c", conf, "-p", self.dir], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        for _ in range(200):
            try:
                if subprocess.run(["curl", "-sf", "-o", "/dev/null", URL], timeout=2).returncode == 0:
                    return
            except subprocess.TimeoutExpired:
                pass
            time.sleep(0.05)
        raise SystemExit("nginx did not start on 127.0.0.1:%d (is the port taken?)" % PORT)

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


def write_files(work):
    """Request files for every tool and scenario."""
    files = os.path.join(work, "files")
    os.makedirs(files, exist_ok=True)

    def rest_run(path, count, url=URL, extra=None):
        lines = ["requests:"]
        for i in range(count):
            lines += [f"  - name: get {i}", f"    url: {url}"]
            if extra is not None:
                lines += extra
            else:
                lines += ["    expect:", "      status: 200", "      json:", "        $.status: ok"]
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")

    def tavern(path, tests, stages):
        out = []
        for t in range(tests):
            out += ["---", f"test_name: bench {t}", "", "stages:"]
            for i in range(stages):
                out += [f"  - name: get {i}", "    request:", f"      url: {URL}", "      method: GET",
                        "    response:", "      status_code: 200", "      strict:", "        - json:off",
                        "      json:", '        status: "ok"']
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")

    rest_run(f"{files}/one.yaml", 1)
    rest_run(f"{files}/batch500.yaml", 500)
    rest_run(f"{files}/batch50.yaml", 50)
    os.makedirs(f"{files}/parallel", exist_ok=True)
    for k in range(8):
        rest_run(f"{files}/parallel/part{k}.yaml", 250)
    rest_run(f"{files}/big-body.yaml", 1, BIG, ["    options: { max_body: 200MB, timeout: 60s }", "    expect:",
                                                 "      status: 200", "      body: { contains: END-OF-BIG-BODY }"])
    rest_run(f"{files}/big-header.yaml", 1, BIG, ["    options: { max_body: 200MB, timeout: 60s }", "    expect:",
                                                   "      status: 200", "      headers:",
                                                   "        Content-Type: application/octet-stream"])
    rest_run(f"{files}/big-refused.yaml", 1, BIG, ["    options: { max_body: 10MB }"])
    # S5: a 10,000-request file with the features a real suite uses.
    lines = ["name: load", "base_url: http://127.0.0.1:8080", "variables: { token: abc }",
             "headers: { Authorization: 'Bearer {{token}}' }", "requests:"]
    for i in range(10000):
        lines += [f"  - name: request {i}", f"    url: /items/{i}?page={{{{token}}}}", "    method: POST",
                  f"    json: {{ id: {i}, name: item-{i}, tags: [a, b] }}", "    expect:", "      status: [200, 201]",
                  "      headers:", "        Content-Type: { contains: json }", "      json:",
                  f"        $.data[0].id: {i}", "        $.items: { count: { '>': 0 } }",
                  "    capture:", f"      last_{i % 10}: $.id"]
    with open(f"{files}/load10k.yaml", "w") as f:
        f.write("\n".join(lines) + "\n")
    write_schema_files(work, files)
    os.makedirs(f"{files}/tavern", exist_ok=True)
    tavern(f"{files}/tavern/test_one.tavern.yaml", 1, 1)
    tavern(f"{files}/tavern/test_500.tavern.yaml", 1, 500)
    tavern(f"{files}/tavern/test_big.tavern.yaml", 0, 0)
    with open(f"{files}/tavern/test_big.tavern.yaml", "w") as f:
        f.write(f"---\ntest_name: big\n\nstages:\n  - name: big\n    request:\n      url: {BIG}\n      method: GET\n"
                "    response:\n      status_code: 200\n")
    with open(f"{files}/curl500.cfg", "w") as f:
        f.write("".join(f'url = "{URL}"\n' for _ in range(500)))
    with open(f"{files}/curl50.cfg", "w") as f:
        f.write("".join(f'url = "{URL}"\n' for _ in range(50)))
    with open(f"{files}/curl2000.cfg", "w") as f:
        f.write("".join(f'url = "{URL}"\n' for _ in range(2000)))
    return files


def write_schema_files(work, files):
    """S6: a 10 MB JSON:API list served by nginx, and a realistic schema for it (refs, required,
    enums, patterns, formats as annotations, nested objects and arrays, additionalProperties)."""
    import json
    www = os.path.join(work, "nginx", "www")
    os.makedirs(www, exist_ok=True)
    items, size, i = [], 0, 0
    while size < 10 * 1024 * 1024:
        item = {"id": str(100000 + i), "type": "contents",
                "attributes": {"name": f"Article number {i} about Swift",
                               "description": "Learn how to use async/await, tasks and actors to write safe concurrent Swift code. " * 2,
                               "released_at": "2026-01-%02dT12:00:00.000Z" % (i % 28 + 1), "free": i % 2 == 0,
                               "difficulty": ["beginner", "intermediate", "advanced"][i % 3], "content_type": "article",
                               "duration": 600 + i % 900, "card_artwork_url": f"https://files.example.com/attachments/card/{i}.png",
                               "tags": ["swift", "ios", "concurrency"][: i % 3 + 1]},
                "relationships": {"domains": {"data": [{"id": str(i % 7), "type": "domains"}]}}}
        items.append(item)
        size += len(json.dumps(item))
        i += 1
    with open(os.path.join(www, "schema-data.json"), "w") as f:
        json.dump({"data": items, "meta": {"total": len(items)}}, f)
    content = {"type": "object", "required": ["id", "type", "attributes"], "additionalProperties": False, "properties": {
        "id": {"type": "string", "pattern": "^[0-9]+$"}, "type": {"const": "contents"},
        "attributes": {"type": "object", "required": ["name", "description", "released_at", "content_type"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 200}, "description": {"type": "string"},
            "released_at": {"type": "string", "format": "date-time"}, "free": {"type": "boolean"},
            "difficulty": {"enum": ["beginner", "intermediate", "advanced"]},
            "content_type": {"enum": ["article", "video_course", "book"]}, "duration": {"type": "integer", "minimum": 0},
            "card_artwork_url": {"type": "string", "format": "uri"},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True, "maxItems": 10}}},
        "relationships": {"type": "object", "additionalProperties": {"type": "object", "properties": {"data": {
            "type": "array", "items": {"type": "object", "required": ["id", "type"],
                                       "properties": {"id": {"type": "string"}, "type": {"type": "string"}}}}}}}}}
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["data", "meta"],
              "properties": {"data": {"type": "array", "items": {"$ref": "#/$defs/content"}},
                             "meta": {"type": "object", "properties": {"total": {"type": "integer", "minimum": 0}}}},
              "$defs": {"content": content}}
    with open(f"{files}/s6.schema.json", "w") as f:
        json.dump(schema, f)
    with open(f"{files}/s6.yaml", "w") as f:
        f.write(f"requests:\n  - url: http://127.0.0.1:{PORT}/schema-data.json\n    options: {{ max_body: 64MB }}\n"
                "    expect:\n      status: 200\n      schema: { file: s6.schema.json }\n")


class EventServer:
    """S8's event-stream server on 127.0.0.1: `/stream` sends EVENTS events shaped like an LLM
    API's chunks (64 to a write) and then `data: [DONE]`; `/each` the same, one write (and TCP
    segment) an event, as a server that flushes every event does; `/first` waits FIRST_DELAY seconds, then
    sends one event and records, on its own clock, the time from the end of the request to that
    write (`first_event_ms`)."""

    EVENTS = 100_000
    FIRST_DELAY = 0.2
    CHUNK = b'data: {"id":"c1","choices":[{"delta":{"content":"token"},"index":0}]}\n\n'

    def __init__(self):
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(64)
        self.port = self.socket.getsockname()[1]
        self.first_event_ms = []
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            threading.Thread(target=self.serve, args=(connection,), daemon=True).start()

    def serve(self, connection):
        with connection:
            data = b""
            while b"\r\n\r\n" not in data:
                more = connection.recv(65536)
                if not more:
                    return
                data += more
            received = time.perf_counter()
            path = data.split(b" ")[1]
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n")
            if path.startswith(b"/first"):
                time.sleep(self.FIRST_DELAY)
                connection.sendall(b"data: first\n\n")
                self.first_event_ms.append((time.perf_counter() - received) * 1000)
                connection.sendall(b"data: [DONE]\n\n")
                return
            if path.startswith(b"/each"):
                for _ in range(self.EVENTS):
                    connection.sendall(self.CHUNK)
                connection.sendall(b"data: [DONE]\n\n")
                return
            batch = self.CHUNK * 64
            for _ in range(self.EVENTS // 64):
                connection.sendall(batch)
            connection.sendall(self.CHUNK * (self.EVENTS % 64) + b"data: [DONE]\n\n")

    def stop(self):
        self.socket.close()


def fuzz_comparison(rest, root, venv, work, rounds):
    """S9: `rest-run fuzz` and Schemathesis (`st run`) with the same examples per operation against
    the same local API (`rest-run mock` serving Examples/Fuzz/shop-server.yaml, one bug planted),
    interleaved. Returns (tool, median seconds, median requests or test cases, findings exit codes)."""
    port = 18767
    spec = os.path.join(root, "Examples/Fuzz/shop.yaml")
    server = subprocess.Popen([rest, "mock", os.path.join(root, "Examples/Fuzz/shop-server.yaml"), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        url = f"http://127.0.0.1:{port}"
        findings = os.path.join(work, "findings")
        tools = [
            ("rest-run fuzz", [rest, "fuzz", spec, "--url", url, "--seed", "1", "--max-examples", str(FUZZ_EXAMPLES),
                               "--save", findings, "--quiet"], r"(\d+) requests? in"),
            ("Schemathesis st run", [f"{venv}/st", "run", spec, "--url", url, "--seed", "1", "--max-examples", str(FUZZ_EXAMPLES),
                                     "--no-color"], r"(\d+) generated"),
        ]
        samples = {name: [] for name, _, _ in tools}
        for round in range(rounds + 1):
            for name, argv, pattern in tools:
                start = time.perf_counter()
                done = subprocess.run(argv, cwd=work, capture_output=True, text=True, env=dict(os.environ, NO_COLOR="1"))
                seconds = time.perf_counter() - start
                found = re.search(pattern, done.stdout + done.stderr)
                if round > 0:  # the first round warms up, not counted
                    samples[name].append((seconds, int(found.group(1)) if found else 0, done.returncode))
        return [(name, statistics.median(s for s, _, _ in samples[name]), statistics.median(c for _, c, _ in samples[name]),
                 sorted({code for _, _, code in samples[name]})) for name, _, _ in tools]
    finally:
        server.terminate()
        server.wait()


FUZZ_EXAMPLES = 100


def first_event_check(rest, work, server, rounds):
    """rest-run's first_event against the server's own clock, over `rounds` requests."""
    request = os.path.join(work, "files", "first-event.yaml")
    report = os.path.join(work, "first-event.json")
    with open(request, "w") as f:
        f.write(f"requests:\n  - url: http://127.0.0.1:{server.port}/first\n"
                "    stream: { events: true, until: { $.data: first } }\n")
    differences = []
    for _ in range(rounds):
        before = len(server.first_event_ms)
        subprocess.run([rest, request, "--quiet", "--report-json", report], cwd=work, capture_output=True)
        if len(server.first_event_ms) == before:
            continue
        with open(report) as f:
            measured = json.load(f)["files"][0]["requests"][0].get("first_event_ms")
        if measured is not None:
            differences.append(measured - server.first_event_ms[-1])
    return differences


class RouteGuideServer:
    """S10's gRPC server: the example route guide (grpc-swift's server, release build) on a free
    port of 127.0.0.1, and what both clients need: rest-run's request files (8 files of 250 calls,
    run 8 at a time) and a Python grpcio client with generated stubs doing the same 2,000 calls on
    8 threads over one channel, as ghz does."""

    CALLS, CONCURRENCY = 2000, 8

    def __init__(self, root, work, venv):
        self.root, self.work, self.venv = root, work, venv
        self.binary = os.path.join(root, ".build-bench", "release", "route-guide-server")
        self.proto = os.path.join(root, "Examples", "RouteGuide", "route_guide.proto")
        self.process = None
        self.port = free_port()

    def start(self):
        log = open(os.path.join(self.work, "route-guide.log"), "w")
        self.process = subprocess.Popen([self.binary, "--port", str(self.port), "--no-reflection", self.proto],
                                        stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        for _ in range(100):
            with open(os.path.join(self.work, "route-guide.log")) as f:
                if "listening" in f.read():
                    return
            time.sleep(0.05)
        raise SystemExit("the route guide server did not start")

    def stop(self):
        if self.process:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait()

    def files(self):
        folder = os.path.join(self.work, "files", "grpc")
        os.makedirs(folder, exist_ok=True)
        per = self.CALLS // self.CONCURRENCY
        for k in range(self.CONCURRENCY):
            with open(os.path.join(folder, f"part{k}.yaml"), "w") as f:
                f.write(f"proto: {self.proto}\nrequests:\n  - name: feature {k}\n    url: grpc://127.0.0.1:{self.port}\n"
                        f"    grpc: {{ method: routeguide.RouteGuide/GetFeature, message: {{ latitude: 409146138, longitude: -746188906 }} }}\n"
                        f"    repeat: {per}\n    expect: {{ json: {{ $.name: {{ contains: Berkshire }} }} }}\n")
        stubs = os.path.join(self.work, "grpc-py")
        os.makedirs(stubs, exist_ok=True)
        subprocess.run([os.path.join(self.venv, "python"), "-m", "grpc_tools.protoc", "-I" + os.path.dirname(self.proto),
                        "--python_out=" + stubs, "--grpc_python_out=" + stubs, "route_guide.proto"], check=True)
        client = os.path.join(stubs, "client.py")
        with open(client, "w") as f:
            f.write(f"""import sys, threading
import grpc, route_guide_pb2 as pb, route_guide_pb2_grpc as rpc
stub = rpc.RouteGuideStub(grpc.insecure_channel("127.0.0.1:{self.port}"))
failed = []
def calls():
    for _ in range({per}):
        if "Berkshire" not in stub.GetFeature(pb.Point(latitude=409146138, longitude=-746188906), timeout=30).name:
            failed.append(1)
threads = [threading.Thread(target=calls) for _ in range({self.CONCURRENCY})]
for t in threads: t.start()
for t in threads: t.join()
sys.exit(1 if failed else 0)
""")
        return folder, client


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(argv, cwd, env):
    """Runs argv and returns (wall seconds, user + system CPU seconds of it and every child it waited
    for): rest-run waits for its gRPC helper before it exits, so the helper's CPU counts too."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    _, status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="S1,S2,S3,S4,S5,S6,S7,S8,S9,S10,S11")
    parser.add_argument("--hot-functions", metavar="FILE",
                        help="write the functions the scenarios execute, busiest first, to FILE (the release build's "
                             "--symbol-ordering-file) instead of measuring")
    args = parser.parse_args()
    rounds = max(1, min(args.rounds, 50))
    only = set(args.only.split(","))
    venv = os.path.join(args.work, "venv", "bin")
    rest = os.path.join(args.root, ".build-bench", "release", "rest-run")
    files = write_files(args.work)
    env = dict(os.environ, NO_COLOR="1")

    def check(count):
        return f"grep -oF '{FIELD}' | wc -l | grep -qx {count}"

    scenarios = []  # (id, label, requests, [(tool, argv, expected exit)])
    if "S1" in only:
        scenarios.append(("S1", "one request, cold", 1, [
            ("rest-run", [rest, f"{files}/one.yaml"], 0),
            ("curl", sh(f"curl -sf {URL} | {check(1)}"), 0),
            ("httpie", sh(f"{venv}/http --ignore-stdin --check-status --body GET {URL} | {check(1)}"), 0),
            ("Tavern", [f"{venv}/python", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{files}/tavern/test_one.tavern.yaml"], 0),
        ]))
    if "S2" in only:
        scenarios.append(("S2", "500 sequential checked requests", 500, [
            ("rest-run", [rest, f"{files}/batch500.yaml", "--quiet"], 0),
            ("curl", sh(f"curl -s --fail --fail-early -K {files}/curl500.cfg | {check(500)}"), 0),
            ("Tavern", [f"{venv}/python", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{files}/tavern/test_500.tavern.yaml"], 0),
        ]))
    if "S3" in only:
        scenarios.append(("S3", "2,000 requests, 8 at a time", 2000, [
            ("rest-run", [rest, f"{files}/parallel", "--jobs", "8", "--quiet"], 0),
            ("rest-run --jobs 1", [rest, f"{files}/parallel", "--quiet"], 0),
            ("curl", sh(f"curl -s --fail --parallel --parallel-max 8 -K {files}/curl2000.cfg | {check(2000)}"), 0),
        ]))
    if "S4" in only:
        scenarios.append(("S4", "100 MiB body", 1, [
            ("rest-run body contains", [rest, f"{files}/big-body.yaml"], 0),
            ("rest-run header only", [rest, f"{files}/big-header.yaml"], 0),
            ("rest-run max_body 10MB", [rest, f"{files}/big-refused.yaml"], 3),
            ("curl", sh(f"curl -sf {BIG} | tail -c 16 | grep -q END-OF-BIG-BODY"), 0),
            ("httpie", sh(f"{venv}/http --ignore-stdin --check-status --body GET {BIG} | tail -c 16 | grep -q END-OF-BIG-BODY"), 0),
            ("Tavern", [f"{venv}/python", "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{files}/tavern/test_big.tavern.yaml"], 0),
        ]))
    if "S5" in only:
        scenarios.append(("S5", "load and check a 10,000-request file", 10000, [
            ("rest-run check", [rest, "check", f"{files}/load10k.yaml"], 0),
            ("PyYAML CLoader", [f"{venv}/python", "-c",
                                "import yaml,sys; yaml.load(open(sys.argv[1]), Loader=yaml.CLoader)", f"{files}/load10k.yaml"], 0),
        ]))

    if "S7" in only:
        # S7: a long run keeps counts, histograms and failures, not every result (issue 26).
        articles = [os.path.join(args.root, "requests/articles.yaml"), "--mock", os.path.join(args.root, "requests/mock/routes.yaml")]
        scenarios.append(("S7", "long run, 50,000 requests (embedded mock)", 50000, [
            ("rest-run --repeat 10000", [rest] + articles + ["--repeat", "10000", "--quiet"], 0),
            ("rest-run --repeat 1000", [rest] + articles + ["--repeat", "1000", "--quiet"], 0),
        ]))

    route_guide = RouteGuideServer(args.root, args.work, venv) if "S10" in only else None
    grpc_tools = []
    if route_guide:
        # S10: 2,000 unary gRPC calls, 8 at a time, against a grpc-swift server (issue 37).
        folder, client = route_guide.files()
        grpc_tools = [("rest-run --jobs 8", [rest, folder, "--jobs", "8", "--quiet"], 0),
                      ("Python grpcio, 8 threads", [f"{venv}/python", client], 0)]
        scenarios.append(("S10", "2,000 unary gRPC calls, 8 at a time", RouteGuideServer.CALLS, grpc_tools))

    events = EventServer() if "S8" in only else None
    if events:
        # S8: an event stream read as it arrives (issue 27): events a second against curl -N.
        for sid, path, label in [("S8", "stream", "64 to a write"), ("S8b", "each", "a write each")]:
            stream = f"{files}/{path}.yaml"
            with open(stream, "w") as f:
                f.write(f"requests:\n  - url: http://127.0.0.1:{events.port}/{path}\n"
                        f"    stream: {{ events: true, until: {{ $.data: \"[DONE]\" }}, max_events: {EventServer.EVENTS + 1} }}\n"
                        f"    expect: {{ events: {{ \"$[-1].data\": \"[DONE]\" }} }}\n")
            scenarios.append((sid, f"event stream, {EventServer.EVENTS // 1000}k events, {label}", EventServer.EVENTS + 1, [
                ("rest-run", [rest, stream, "--quiet"], 0),
                ("curl -N", sh(f"curl -sN http://127.0.0.1:{events.port}/{path} | tail -c 14 | grep -qF '[DONE]'"), 0),
            ]))

    if "S6" in only:
        data, schema = f"{args.work}/nginx/www/schema-data.json", f"{files}/s6.schema.json"
        load = "import json,sys; schema=json.load(open(sys.argv[1])); data=json.load(open(sys.argv[2]))"
        scenarios.append(("S6", "10 MB JSON checked against a schema", 1, [
            ("rest-run", [rest, f"{files}/s6.yaml", "--quiet"], 0),
            ("Python jsonschema", [f"{venv}/python", "-c",
                                   load + "; import jsonschema; jsonschema.Draft202012Validator(schema).validate(data)", schema, data], 0),
            ("jsonschema-rs", [f"{venv}/python", "-c",
                               load + "; import jsonschema_rs; jsonschema_rs.validator_for(schema).validate(data)", schema, data], 0),
            ("Python json.load only", [f"{venv}/python", "-c", load, schema, data], 0),
        ]))

    if args.hot_functions:
        nginx = Nginx(args.work)
        try:
            nginx.start()
            write_hot_functions(args, rest, files, env)
        finally:
            nginx.stop()
        return

    nginx = Nginx(args.work)
    rows = []
    try:
        if {"S1", "S2", "S3", "S4", "S6", "S11"} & only:
            nginx.start()
        if route_guide:
            route_guide.start()
        for sid, label, requests, tools in scenarios:
            samples = {tool: [] for tool, _, _ in tools}
            failures = {tool: 0 for tool, _, _ in tools}
            for tool, argv, expected in tools:  # one warm-up each, not counted
                measure(argv, args.work, env)
            for _ in range(rounds):
                for tool, argv, expected in tools:
                    seconds, rss, code = measure(argv, args.work, env)
                    if code != expected:
                        failures[tool] += 1
                    samples[tool].append((seconds, rss))
            for tool, _, _ in tools:
                times = [s for s, _ in samples[tool]]
                rss = [r for _, r in samples[tool]]
                rows.append((sid, label, tool, statistics.median(times), requests, statistics.median(rss), failures[tool]))
            print(f"{sid} done", file=sys.stderr)
        counts = instruction_counts(args, rest, files, env, only, bool(nginx.process)) if {"S2", "S5"} & only else []
        first_event = first_event_check(rest, args.work, events, max(rounds, 10)) if events else []
        fuzzing = fuzz_comparison(rest, args.root, venv, args.work, rounds) if "S9" in only else []
        grpc_cpu = []
        for _ in range(rounds if route_guide else 0):
            grpc_cpu.append([cpu_seconds(argv, args.work, env) for _, argv, _ in grpc_tools])
        load = load_comparison(rest, args.work, files, env, rounds) if "S11" in only else None
    finally:
        nginx.stop()
        if route_guide:
            route_guide.stop()
        if events:
            events.stop()

    if rows:
        print_table(rows, rounds)
    if first_event:
        # The server's clock runs from the request read to the event written; rest-run's from the
        # request written to the event parsed. The median is the measure: a Python thread that is
        # scheduled late shows in the largest, whichever client reads the stream.
        median = statistics.median(abs(d) for d in first_event)
        worst = max(abs(d) for d in first_event)
        print(f"S8 first_event against the server's own clock, {len(first_event)} runs: median difference "
              f"{statistics.median(first_event):+.3f} ms, largest {worst:.3f} ms")
        print(f"  [{'met' if median <= 1.0 else 'MISSED'}] S8 first_event within 1 ms of the server's clock (median): {median:.3f} ms")
    if fuzzing:
        print(f"\nS9 fuzzing Examples/Fuzz/shop.yaml (3 operations, {FUZZ_EXAMPLES} examples each) against rest-run mock, "
              f"medians of {rounds} interleaved rounds:")
        for name, seconds, count, codes in fuzzing:
            unit = "requests" if name.startswith("rest-run") else "test cases"
            print(f"  {name:<22} {seconds * 1000:>9.1f} ms  {count:>6} {unit:<10} {count / seconds:>9.0f}/s  exit {codes}")
        ratio = fuzzing[0][1] / fuzzing[1][1]
        print(f"  [{'met' if ratio <= 1 / 3 else 'MISSED'}] S9 rest-run fuzz wall time <= 1/3 of Schemathesis's: {ratio:.3f}")
    if grpc_cpu:
        wall = [statistics.median(run[i][0] for run in grpc_cpu) for i in range(2)]
        cpu = [statistics.median(run[i][1] for run in grpc_cpu) for i in range(2)]
        codes = sorted({run[i][2] for run in grpc_cpu for i in range(2)})
        print(f"\nS10 wall and CPU time (user + system, the helper's included), medians of {len(grpc_cpu)} interleaved rounds, exits {codes}:")
        for i, (name, _, _) in enumerate(grpc_tools):
            print(f"  {name:<26} {wall[i] * 1000:>9.1f} ms wall  {cpu[i] * 1000:>9.1f} ms CPU")
        print(f"  [{'met' if wall[0] <= wall[1] else 'MISSED'}] S10 rest-run wall time <= the Python grpcio client's: {wall[0] / wall[1]:.2f}x")
        print(f"  [{'met' if cpu[0] <= cpu[1] else 'MISSED'}] S10 rest-run CPU time <= the Python grpcio client's: {cpu[0] / cpu[1]:.2f}x")
    if load:
        print_load(load)
    if counts:
        print_counts(counts)


LOAD_SECONDS = 10
LOAD_CONNECTIONS = 64
LONG_RUN_REQUESTS = 1_000_000


def load_comparison(rest, work, files, env, rounds):
    """S11: the most requests a second over 64 connections, `rest-run load --vus 64` against
    `wrk -c 64 -t 2` and `hey -c 64`, LOAD_SECONDS each, interleaved round by round; then the peak
    RSS of one rest-run load run of at least LONG_RUN_REQUESTS requests (issue 38). Tools that are
    not installed are left out of the table."""
    plan = os.path.join(files, "s11.yaml")
    with open(plan, "w") as f:
        f.write(f"requests:\n  - name: data\n    url: {URL}\n")
    report = os.path.join(work, "s11.json")

    def rest_run(seconds):
        argv = ["/usr/bin/time", "-f", "%M", "-o", os.path.join(work, ".rss"), rest, "load", plan,
                "--vus", str(LOAD_CONNECTIONS), "--duration", f"{seconds}s", "--quiet", "--report-json", report]
        code = subprocess.run(argv, cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=seconds + 120).returncode
        with open(report) as f:
            total = json.load(f)["total"]
        with open(os.path.join(work, ".rss")) as f:
            rss = int(f.read().strip().splitlines()[-1]) / 1024.0
        return total["count"] / seconds, total["count"], total["errors"], rss, code

    def rate_of(argv):
        run = subprocess.run(argv, cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                             timeout=LOAD_SECONDS + 120)
        found = re.search(r"Requests/sec:\s*([0-9.]+)", run.stdout)
        return float(found.group(1)) if found else 0.0

    tools = [("rest-run load --vus 64", None)]
    if shutil.which("wrk"):
        tools.append(("wrk -c 64 -t 2", ["wrk", "-c", str(LOAD_CONNECTIONS), "-t", "2", "-d", f"{LOAD_SECONDS}s", URL]))
    if shutil.which("hey"):
        tools.append(("hey -c 64", ["hey", "-c", str(LOAD_CONNECTIONS), "-z", f"{LOAD_SECONDS}s", URL]))
    rates = {name: [] for name, _ in tools}
    errors = 0
    for _ in range(rounds):
        for name, argv in tools:
            if argv is None:
                rate, _, failed, _, _ = rest_run(LOAD_SECONDS)
                errors += failed
            else:
                rate = rate_of(argv)
            rates[name].append(rate)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    seconds = max(LOAD_SECONDS, int(LONG_RUN_REQUESTS * 1.15 / max(medians[tools[0][0]], 1.0)) + 1)
    _, count, failed, rss, code = rest_run(seconds)
    return {"rounds": rounds, "medians": medians, "errors": errors, "long": (seconds, count, failed, rss, code)}


def print_load(load):
    medians = load["medians"]
    print(f"\nS11 requests a second over {LOAD_CONNECTIONS} connections to nginx, {LOAD_SECONDS} s each, "
          f"medians of {load['rounds']} interleaved rounds:")
    ours = medians["rest-run load --vus 64"]
    for name, rate in medians.items():
        print(f"  {name:<26} {rate:>10.0f} req/s  {ours / rate if rate else 0:>6.2f}x")
    print(f"  rest-run errors in those runs: {load['errors']}")
    seconds, count, failed, rss, code = load["long"]
    print(f"  rest-run load --vus 64 --duration {seconds}s: {count} requests, {failed} errors, exit {code}, peak RSS {rss:.1f} MB")
    if "wrk -c 64 -t 2" in medians:
        ratio = ours / medians["wrk -c 64 -t 2"]
        print(f"  [{'met' if ratio >= 0.6 else 'MISSED'}] S11 rest-run requests a second >= 60% of wrk's: {ratio:.2f}x")
    if "hey -c 64" in medians:
        ratio = ours / medians["hey -c 64"]
        print(f"  [{'met' if ratio >= 1.0 else 'MISSED'}] S11 rest-run requests a second >= hey's: {ratio:.2f}x")
    ok = count >= LONG_RUN_REQUESTS and rss <= 60
    print(f"  [{'met' if ok else 'MISSED'}] S11 peak RSS of a run of {count} requests (>= {LONG_RUN_REQUESTS}) <= 60 MB: {rss:.1f} MB")


def write_hot_functions(args, rest, files, env):
    """Runs the scenarios once each under callgrind and writes the functions of rest-run's binary
    they execute, one mangled name a line: those more runs execute first, and among them the busiest
    first (their own instructions, summed over the runs). The linker lays them out in that order, so
    the code a run touches sits in few pages."""
    valgrind, strip = shutil.which("valgrind"), shutil.which("strip")
    if not valgrind or not strip:
        raise SystemExit("--hot-functions needs valgrind and strip")
    plain = os.path.join(args.work, "rest-run-nodebug")
    subprocess.run([strip, "--strip-debug", "-o", plain, rest], check=True)
    # (arguments, working directory): the README's example runs from the repository's root.
    runs = [([plain, "--version"], args.work),
            ([plain, "--help"], args.work),
            ([plain, "run", "--help"], args.work),
            ([plain, f"{files}/one.yaml"], args.work),
            ([plain, f"{files}/batch500.yaml", "--quiet"], args.work),
            ([plain, f"{files}/parallel", "--jobs", "8", "--quiet"], args.work),
            ([plain, f"{files}/parallel", "--quiet"], args.work),
            ([plain, "check", f"{files}/load10k.yaml", "--quiet"], args.work),
            ([plain, f"{files}/s6.yaml", "--quiet"], args.work),
            ([plain, "requests/articles.yaml", "--mock", "requests/mock/routes.yaml"], args.root)]
    cost, runs_of = {}, {}
    for index, (argv, cwd) in enumerate(runs):
        out = os.path.join(args.work, f"hot-{index}.callgrind")
        subprocess.run([valgrind, "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"] + argv,
                       cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=900)
        for name, count in own_costs(out, plain).items():
            cost[name] = cost.get(name, 0) + count
            runs_of[name] = runs_of.get(name, 0) + 1
        os.remove(out)
    # What every run executes (start-up, the option parsing, loading, one request) first, then what
    # fewer runs need: a run's code stays together instead of mixed with other runs' busy functions.
    names = sorted(cost, key=lambda name: (-runs_of[name], -cost[name], name))
    with open(args.hot_functions, "w") as f:
        f.write("# The functions of rest-run's release binary that the benchmark's scenarios execute, those more\n"
                "# scenarios execute first, then the busiest first:\n"
                "# the linker's --symbol-ordering-file (scripts/release-flags). Written by\n"
                "# `bash Benchmarks/run --hot-functions scripts/hot-functions.txt`; not edited by hand.\n")
        f.write("".join(name + "\n" for name in names))
    print(f"{len(names)} functions written to {args.hot_functions}", file=sys.stderr)


def own_costs(path, binary):
    """Each function of `binary` in a callgrind profile (written with --demangle=no) with its own
    instructions; callgrind's recursion suffixes ('2) are folded into the function."""
    objects, functions, costs = {}, {}, {}
    current_object = current_function = None
    after_calls = False
    pattern = re.compile(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$")
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            match = pattern.match(line)
            if match:
                called, kind, number, name = match.groups()
                table = objects if kind == "ob" else functions
                if name:
                    table[number] = re.sub(r"'\d+$", "", name)
                if not called:
                    if kind == "ob":
                        current_object = table.get(number)
                    else:
                        current_function = table.get(number)
                        after_calls = False
            elif line.startswith("calls="):
                after_calls = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_calls:  # the inclusive cost of a call, not the function's own
                    after_calls = False
                    continue
                fields = line.split()
                if current_object == binary and current_function and len(fields) >= 2 and fields[1].isdigit():
                    costs[current_function] = costs.get(current_function, 0) + int(fields[1])
    return costs


def instruction_counts(args, rest, files, env, only, serving):
    """S2 once under valgrind's callgrind, for rest-run and curl: instruction counts do not move with
    the machine's noise the way wall times do. Skipped when valgrind is not installed."""
    valgrind, strip = shutil.which("valgrind"), shutil.which("strip")
    if not valgrind or not strip:
        return []
    # valgrind cannot read the Swift binary's DWARF; a copy without it is the same code.
    plain = os.path.join(args.work, "rest-run-nodebug")
    if subprocess.run([strip, "--strip-debug", "-o", plain, rest]).returncode != 0:
        return []
    runs = [
        ("S2 rest-run", [plain, f"{files}/batch500.yaml", "--quiet"]),
        ("S2 rest-run check", [plain, "check", f"{files}/batch500.yaml", "--quiet"]),
        ("S2 curl", ["curl", "-s", "--fail", "-o", "/dev/null", "-K", f"{files}/curl500.cfg"]),
        # The same with 50 requests: the difference is what 450 more requests cost, without the
        # one-time work (start-up, the runtime's first look at each type, opening the connection).
        ("S2/50 rest-run", [plain, f"{files}/batch50.yaml", "--quiet"]),
        ("S2/50 rest-run check", [plain, "check", f"{files}/batch50.yaml", "--quiet"]),
        ("S2/50 curl", ["curl", "-s", "--fail", "-o", "/dev/null", "-K", f"{files}/curl50.cfg"]),
        ("start-up: rest-run --version", [plain, "--version"]),
        ("start-up: curl --version", ["curl", "--version"]),
    ]
    # S2 needs nginx; start-up is counted for either.
    if "S2" not in only or not serving:
        runs = [run for run in runs if run[0].startswith("start-up")]
    # S5's floor: libyaml alone parsing the same 10,000-request file (Benchmarks/yaml-events.c).
    driver = os.path.join(args.work, "yaml-events")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "yaml-events.c")
    cc = shutil.which("cc") or shutil.which("gcc")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "yaml-0.1"], capture_output=True, text=True).stdout.split()
    if "S5" in only and cc and os.path.exists(f"{files}/load10k.yaml") and \
            subprocess.run([cc, "-O2", "-o", driver, source] + (flags or ["-lyaml"])).returncode == 0:
        runs += [
            ("S5 rest-run check", [plain, "check", f"{files}/load10k.yaml", "--quiet"]),
            ("S5 libyaml alone", [driver, f"{files}/load10k.yaml"]),
        ]
    counts = []
    profiles = {"S2 rest-run": os.path.join(args.work, "s2.callgrind"),
                "S2/50 rest-run": os.path.join(args.work, "s2-50.callgrind")}
    for name, argv in runs:
        out = profiles.get(name, "/dev/null")
        result = subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                                cwd=args.work, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, timeout=600)
        total = next((line.split()[-1] for line in result.stderr.splitlines() if "Collected :" in line), None)
        if total is None:
            return []
        counts.append((name, int(total)))
    stages = stage_breakdown(profiles["S2 rest-run"], profiles["S2/50 rest-run"], dict(counts)) \
        if "S2/50 rest-run" in dict(counts) else None
    if stages:
        counts.append(("stages", stages))
    print("instruction counts done", file=sys.stderr)
    return counts


# What each part of rest-run's work is. A Swift function belongs to the module and type its mangled
# name starts with (`$s7RestRun9NetworkerC8exchange...` is RestRun's Networker.exchange); C and C++
# functions to their library. Every function's own (exclusive) instructions go to its stage. The
# Swift runtime's, the standard library's and libc's (retain/release, metadata, generic code,
# malloc) are then handed up to whoever called them, in proportion to each caller's calls, until
# they reach a stage. Inclusive counts cannot be used directly for async Swift: a resumed
# continuation is called by the executor, not by the function that awaited.
REST_RUN_STAGES = [
    ("load", r"Loader|LoadContext|VariableCheck|TemplateParser|YAMLDocument|SourceText|FileKind|InputFiles|JSONPathParser|"
             r"RequestFile\b|FileSettings|RequestOptions|RunSession\.load|ReferencedNames|Suggestion"),
    ("prepare", r"ResolvedHTTPRequest|Template|URLBuilder|URLParts|HeaderMerge|PreparedRequest|Scope|Iteration|Condition|"
                r"Runner\.prepare|BuiltinValue|RequestBody"),
    ("send+receive (rest-run)", r"Networker|BodyCollector|Delegate|Retry|Attempt|CookieJar|EventLoopExecutor|Headers|"
                                r"Response\b|HeldLog|NetworkError|HeaderProvider|TransportOptions|ProxyRules|ClientSettings"),
    ("check", r"ResponseChecker|JSONParser|JSONPath|Predicate|Expectation|BodyMatcher|DecodedValue|Schema|Capture|Decoder|"
              r"CheckRecord|IRegexp|Outcome"),
    ("report", r"Console|Summary|Diagnostic|Terminal|Sink|DurationText|Latency|Report|Redactor|FileResult|RequestResult|"
               r"MarkupText|JUnit|Statistic"),
]
MODULE_STAGES = [
    ("AsyncHTTPClient, SwiftNIO", r"^(AsyncHTTPClient|NIO\w*|_NIO\w*|CNIO\w*|Atomics|DequeModule|InternalCollectionsUtilities|"
                                  r"Logging|Tracing|Instrumentation|ServiceContextModule)$"),
    ("run loop", r"^(RestRun\w*|ArgumentParser\w*|HdrHistogram|OrderedCollections|Algorithms|SystemPackage)$"),
]
SHARED = ("Swift runtime", "libc, malloc")
STAGE_NAMES = [name for name, _ in REST_RUN_STAGES] + ["AsyncHTTPClient, SwiftNIO", "run loop"] + list(SHARED) + ["other"]


def swift_owner(symbol):
    """(module, "Type.member") from a mangled Swift symbol, as far as a simple reading goes."""
    def identifier(at):
        if at < len(symbol) and symbol[at] == "0":  # word substitutions, then maybe a literal tail
            at += 1
            while at < len(symbol) and symbol[at].isalpha():
                upper = symbol[at].isupper()
                at += 1
                if upper:
                    break
        match = re.match(r"(\d+)", symbol[at:])
        if not match:
            return "", at
        length = int(match.group(1))
        start = at + len(match.group(1))
        return symbol[start:start + length], start + length

    if not symbol.startswith("$s") or symbol[2:3] == "s" or symbol[2:3] == "S":
        return "Swift", ""
    module, at = identifier(2)
    type_name, at = identifier(at)
    at += 1 if at < len(symbol) and symbol[at] in "CVOP" else 0
    member, _ = identifier(at)
    return module, f"{type_name}.{member}"


def classify(function, library):
    """The stage of one function."""
    if function.startswith("$s"):
        module, owner = swift_owner(function)
        if module in ("RestRun", "RestRunYAML", "RestRunCLI", "RestRunMock"):
            if module == "RestRunYAML":
                return "load"
            for name, pattern in REST_RUN_STAGES:
                if re.search(pattern, owner):
                    return name
        for name, pattern in MODULE_STAGES:
            if re.search(pattern, module):
                return name
        return "Swift runtime"
    if "libyaml" in library or function.startswith("yaml_"):
        return "load"
    if function.startswith("c_nio") or "llhttp" in function:
        return "AsyncHTTPClient, SwiftNIO"
    if re.search(r"libc\.so|ld-linux|libm\.so", library) or re.search(r"malloc|^free|memcpy|memmove|memset|memcmp|strlen|pthread", function):
        return "libc, malloc"
    return "Swift runtime"


def read_callgrind(path):
    """A callgrind profile's exclusive instructions per function and inclusive instructions per
    caller-callee pair, with recursion levels ('2) folded into one name."""
    names, own, calls, objects, libraries = {}, {}, {}, {}, {}
    function = callee = None
    in_call = False
    current_object = ""

    def object_of(token):
        match = re.match(r"\((\d+)\)(?: (.*))?", token)
        if not match:
            return token
        if match.group(2):
            objects[match.group(1)] = match.group(2)
        return objects.get(match.group(1), "")

    def name_of(token):
        match = re.match(r"\((\d+)\)(?: (.*))?", token)
        if not match:
            return re.sub(r"'\d+$", "", token)
        if match.group(2):
            names[match.group(1)] = re.sub(r"'\d+$", "", match.group(2))
        return names.get(match.group(1), "?")

    with open(path) as f:
        for line in f:
            if line.startswith("ob="):
                current_object = object_of(line[3:].rstrip("\n"))
            elif line.startswith("cob="):
                object_of(line[4:].rstrip("\n"))
            elif line.startswith("fn="):
                function = name_of(line[3:].rstrip("\n"))
                libraries.setdefault(function, current_object)
            elif line.startswith("cfn="):
                callee = name_of(line[4:].rstrip("\n"))
            elif line.startswith("calls="):
                in_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                fields = line.split()
                cost = int(fields[1]) if len(fields) > 1 else 0
                if in_call:
                    if callee != function:
                        calls[(function, callee)] = calls.get((function, callee), 0) + cost
                    in_call = False
                else:
                    own[function] = own.get(function, 0) + cost
    return own, calls, libraries


def stage_sums(path):
    """Instructions per stage in one profile, the runtime's and libc's handed up to their callers."""
    own, calls, libraries = read_callgrind(path)
    stage_of = {}

    def stage(function):
        if function not in stage_of:
            stage_of[function] = classify(function, libraries.get(function, ""))
        return stage_of[function]

    callers = {}
    for (caller, callee), cost in calls.items():
        callers.setdefault(callee, []).append((caller, cost))
    sums = {name: 0.0 for name in STAGE_NAMES}
    pending = {}
    for function, cost in own.items():
        if stage(function) in SHARED:
            pending[function] = pending.get(function, 0) + cost
        else:
            sums[stage(function)] += cost
    for _ in range(30):  # runtime calling runtime: a few levels up reach a caller with a stage
        if not pending:
            break
        handed = {}
        for function, cost in pending.items():
            weights = callers.get(function, [])
            total = sum(weight for _, weight in weights)
            if total <= 0:
                sums[stage(function)] += cost
                continue
            for caller, weight in weights:
                share = cost * weight / total
                if stage(caller) in SHARED:
                    handed[caller] = handed.get(caller, 0) + share
                else:
                    sums[stage(caller)] += share
        pending = handed
    for function, cost in pending.items():
        sums[stage(function)] += cost
    return sums


def stage_breakdown(profile, profile50, totals):
    """Instructions per request by stage: the 500-request run less the 50-request run, over 450."""
    if not os.path.exists(profile) or not os.path.exists(profile50):
        return None
    many, few = stage_sums(profile), stage_sums(profile50)
    per_request = {stage: (many[stage] - few[stage]) / 450 for stage in many}
    marginal = lambda name: (totals.get(name, 0) - totals.get(name.replace("S2", "S2/50"), 0)) / 450
    return {"per_request": per_request,
            "rest-run": marginal("S2 rest-run"), "load": marginal("S2 rest-run check"), "curl": marginal("S2 curl"),
            "one-time": totals.get("S2 rest-run", 0) - 500 * marginal("S2 rest-run"),
            "curl one-time": totals.get("S2 curl", 0) - 500 * marginal("S2 curl"),
            "startup": totals.get("start-up: rest-run --version", 0)}


def print_counts(counts):
    print("instructions executed (valgrind --tool=callgrind, one run each; repeatable to ~0.1%):")
    values = dict(counts)
    stages = values.pop("stages", None)
    for name, total in counts:
        if name == "stages":
            continue
        print(f"  {name:<32} {total / 1e6:>9.1f} M")
    if "S2 rest-run" in values and "S2 curl" in values:
        ratio = values["S2 rest-run"] / values["S2 curl"]
        print(f"  S2 rest-run / curl: {ratio:.2f}x [{'met' if ratio <= 2.0 else 'MISSED'}: target <= 2.0x]")
    if "S5 rest-run check" in values and "S5 libyaml alone" in values:
        startup = values.get("start-up: rest-run --version", 0)
        ratio = (values["S5 rest-run check"] - startup) / values["S5 libyaml alone"]
        print(f"  S5 rest-run check (less start-up) / libyaml alone: {ratio:.2f}x "
              f"[{'met' if ratio <= 2.0 else 'MISSED'}: target <= 2.0x]")
    if stages:
        per = stages["per_request"]
        print("\nS2 per request: (500-request run - 50-request run) / 450, so one-time work is left out.")
        print(f"  rest-run {stages['rest-run'] / 1000:.1f} k, of which loading {stages['load'] / 1000:.1f} k"
              f" (from the check runs); curl {stages['curl'] / 1000:.1f} k; ratio {stages['rest-run'] / max(stages['curl'], 1):.2f}x")
        print(f"  one-time: rest-run {stages['one-time'] / 1e6:.1f} M (start-up {stages['startup'] / 1e6:.1f} M), "
              f"curl {stages['curl one-time'] / 1e6:.1f} M")
        print("  by stage (each function's own instructions; the Swift runtime's and libc's go to their callers):")
        for stage, value in sorted(per.items(), key=lambda item: -item[1]):
            if abs(value) >= 50:
                print(f"    {stage:<28} {value / 1000:>8.1f} k")
        print(f"    {'total':<28} {sum(per.values()) / 1000:>8.1f} k")


def print_table(rows, rounds):
    print(f"\nrest-run benchmark: medians of {rounds} interleaved rounds; ratios are rest-run / peer "
          "(below 1.0x, rest-run is faster or smaller)\n")
    header = f"{'scenario':<40} {'tool':<24} {'median':>10} {'req/s':>10} {'peak RSS':>10}  {'time ratio':>10}  {'RSS ratio':>9}"
    print(header)
    print("-" * len(header))
    by_scenario = {}
    for row in rows:
        by_scenario.setdefault(row[0], []).append(row)
    for sid, group in by_scenario.items():
        reference = group[0]
        for sid_, label, tool, seconds, requests, rss, failures in group:
            rate = requests / seconds if seconds > 0 else 0
            if tool == reference[2]:
                ratio_t = ratio_r = ""
            else:
                ratio_t = f"{reference[3] / seconds:.2f}x"
                ratio_r = f"{reference[5] / rss:.2f}x" if rss > 0 else ""
            flag = f"  FAILED {failures}/{rounds}" if failures else ""
            name = f"{sid} {label}" if tool == reference[2] else ""
            print(f"{name:<40} {tool:<24} {seconds * 1000:>8.1f}ms {rate:>10.0f} {rss:>8.1f}MB  {ratio_t:>10}  {ratio_r:>9}{flag}")
        print()
    targets(by_scenario)


def targets(by):
    def get(sid, tool):
        for row in by.get(sid, []):
            if row[2] == tool:
                return row
        return None

    lines = []

    def target(text, ok):
        lines.append(f"  [{'met' if ok else 'MISSED'}] {text}")

    s1, c1 = get("S1", "rest-run"), get("S1", "curl")
    if s1 and c1:
        target(f"S1 <= 1.2x curl: {s1[3] / c1[3]:.2f}x", s1[3] <= 1.2 * c1[3])
    s2, c2, t2 = get("S2", "rest-run"), get("S2", "curl"), get("S2", "Tavern")
    if s2 and c2:
        target(f"S2 <= 1.3x curl: {s2[3] / c2[3]:.2f}x", s2[3] <= 1.3 * c2[3])
        target(f"S2 peak RSS <= 2x curl: {s2[5] / c2[5]:.2f}x", s2[5] <= 2 * c2[5])
    if s2 and t2:
        target(f"S2 >= 40x faster than Tavern: {t2[3] / s2[3]:.1f}x", t2[3] >= 40 * s2[3])
    p3, q3, c3 = get("S3", "rest-run"), get("S3", "rest-run --jobs 1"), get("S3", "curl")
    if p3 and q3:
        target(f"S3 >= 2x faster than rest-run sequential: {q3[3] / p3[3]:.2f}x", q3[3] >= 2 * p3[3])
    if p3 and c3:
        target(f"S3 within 1.5x of curl --parallel: {p3[3] / c3[3]:.2f}x", p3[3] <= 1.5 * c3[3])
    b4, h4, r4 = get("S4", "rest-run body contains"), get("S4", "rest-run header only"), get("S4", "rest-run max_body 10MB")
    if b4:
        target(f"S4 body contains peak RSS <= 1.2 x 100 MiB + 30 MB: {b4[5]:.0f} MB", b4[5] <= 1.2 * 104.9 + 30)
    if h4:
        target(f"S4 header only peak RSS <= 30 MB: {h4[5]:.0f} MB", h4[5] <= 30)
    if r4:
        target(f"S4 max_body 10MB refused in well under a second, <= 30 MB: {r4[3] * 1000:.0f} ms, {r4[5]:.0f} MB",
               r4[3] < 0.5 and r4[5] <= 30 and r4[6] == 0)
    r6, p6, j6 = get("S6", "rest-run"), get("S6", "Python jsonschema"), get("S6", "jsonschema-rs")
    if r6 and p6:
        target(f"S6 >= 10x faster than Python jsonschema: {p6[3] / r6[3]:.1f}x", p6[3] >= 10 * r6[3])
    if r6 and j6:
        target(f"S6 within 2x of jsonschema-rs: {r6[3] / j6[3]:.2f}x", r6[3] <= 2 * j6[3])
    l7, s7 = get("S7", "rest-run --repeat 10000"), get("S7", "rest-run --repeat 1000")
    if l7:
        target(f"S7 50,000 requests peak RSS < 40 MB: {l7[5]:.1f} MB", l7[5] < 40)
    if l7 and s7:
        target(f"S7 peak RSS the same for 10x the requests (within 10%): {l7[5] / s7[5]:.2f}x", l7[5] <= 1.1 * s7[5])
    for sid in ["S8", "S8b"]:
        r8, c8 = get(sid, "rest-run"), get(sid, "curl -N")
        if r8 and c8:
            target(f"{sid} events a second >= 50% of curl -N's: {c8[3] / r8[3] * 100:.0f}%", c8[3] >= 0.5 * r8[3])
    l5, y5 = get("S5", "rest-run check"), get("S5", "PyYAML CLoader")
    if l5 and y5:
        target(f"S5 <= 1.0x PyYAML's C loader: {l5[3] / y5[3]:.2f}x", l5[3] <= y5[3])
    print("targets:")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
