"""Runs rest-run fuzz and Schemathesis against the items API with one bug planted at a time (see
Benchmarks/fuzz-items) and prints which tool found each bug on which seed, and their times."""
import argparse, json, os, re, subprocess, sys, time

# Each bug, and the operation and check of the finding that shows it.
BUGS = {
    "serverError": ("GET /items", "not_a_server_error"),
    "bodyBreaksSchema": ("POST /items", "response_schema_conformance"),
    "acceptsInvalid": ("POST /items", "negative_data_rejection"),
    "deletedStillThere": (None, "use_after_free"),
    "undeclaredContentType": ("GET /items", "content_type_conformance"),
    "createdNotFound": (None, "ensure_resource_availability"),
    "undeclaredMethod": (None, "unsupported_method"),
    "nestedBoundUnchecked": ("POST /orders", "negative_data_rejection"),
    "failsOnLongText": ("POST /orders", "not_a_server_error"),
    "failsAtMaxItems": ("POST /orders", "not_a_server_error"),
    "failsOnLongQuery": ("GET /items", "not_a_server_error"),
    "ignoresRequiredHeader": ("POST /orders", "missing_required_header"),
    "ignoresAuth": ("GET /admin/stats", "ignored_auth"),
    "acceptsAnyKey": ("GET /admin/keys", "ignored_auth"),
}
SEEDS = [1, 2, 3]


def serve(bug, work):
    url_file = os.path.join(work, "url")
    if os.path.exists(url_file):
        os.remove(url_file)
    env = dict(os.environ, ITEMS_API_SERVE=url_file, ITEMS_API_BUGS=bug or "", ITEMS_API_SECONDS="1800",
               ITEMS_API_SPEC=os.path.join(work, "items.yaml"))
    server = subprocess.Popen([".build/debug/items-api-server"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(600):
        if os.path.exists(url_file) and open(url_file).read().strip():
            return server, open(url_file).read().strip()
        time.sleep(0.1)
    raise SystemExit("the items API did not start")


def rest_run(rest, spec, url, seed, work):
    report = os.path.join(work, "rest.json")
    start = time.monotonic()
    subprocess.run([rest, "fuzz", spec, "--url", url, "--seed", str(seed), "--max-examples", "100", "--save",
                    os.path.join(work, "findings"), "--report-json", report, "--color", "never"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    findings = json.load(open(report)).get("findings", [])
    return seconds, {(f.get("operation"), f.get("check")) for f in findings}


def schemathesis(st, spec, url, seed, work):
    report = os.path.join(work, "st.json")
    if os.path.exists(report):
        os.remove(report)
    start = time.monotonic()
    subprocess.run([st, "run", spec, "--url", url, "--seed", str(seed), "--max-examples", "100", "--report", "json",
                    "--report-json-path", report, "--no-color"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    found = set()
    failures = json.load(open(report)).get("failures", []) if os.path.exists(report) else []
    for failure in failures:
        check = CODES.get(failure.get("code"), failure.get("code"))
        for operation in failure.get("operations", []):
            found.add((operation, check))
    return seconds, found


# Schemathesis's failure codes, by the check that makes each.
CODES = {
    "ST101": "not_a_server_error", "ST103": "status_code_conformance", "ST104": "response_headers_conformance",
    "ST105": "content_type_conformance", "ST108": "response_schema_conformance", "ST201": "negative_data_rejection",
    "ST202": "positive_data_acceptance", "ST203": "missing_required_header", "ST204": "unsupported_method",
    "ST301": "use_after_free", "ST302": "ensure_resource_availability", "ST401": "ignored_auth",
}


def shows(found, bug):
    operation, check = BUGS[bug]
    return any(c == check and (operation is None or o == operation or (o or "").startswith(operation)) for o, c in found)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rest", required=True)
    parser.add_argument("--st", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("bugs", nargs="*")
    args = parser.parse_args()
    bugs = args.bugs or list(BUGS) + [""]
    spec = os.path.join(args.work, "items.yaml")
    totals = {"rest-run": 0.0, "schemathesis": 0.0}
    print(f"{'bug':24} {'rest-run (seeds 1 2 3)':24} {'schemathesis':24} {'rest-run s':>10} {'st s':>8}")
    for bug in bugs:
        server, url = serve(bug, args.work)
        try:
            row = {"rest-run": [], "schemathesis": []}
            times = {"rest-run": 0.0, "schemathesis": 0.0}
            for seed in SEEDS:
                seconds, found = rest_run(args.rest, spec, url, seed, args.work)
                times["rest-run"] += seconds
                row["rest-run"].append(shows(found, bug) if bug else len(found) == 0)
                if not bug and found:
                    print(f"  rest-run, no bug, seed {seed}: {sorted(found)}")
                seconds, found = schemathesis(args.st, spec, url, seed, args.work)
                times["schemathesis"] += seconds
                row["schemathesis"].append(shows(found, bug) if bug else len(found) == 0)
        finally:
            os.killpg(server.pid, 9)
            server.wait()
        for tool in totals:
            totals[tool] += times[tool]
        marks = {tool: " ".join("yes" if ok else "NO" for ok in row[tool]) for tool in row}
        label = bug or "(none: no finding)"
        print(f"{label:24} {marks['rest-run']:24} {marks['schemathesis']:24} {times['rest-run']:10.1f} {times['schemathesis']:8.1f}")
        sys.stdout.flush()
    ratio = totals["rest-run"] / totals["schemathesis"] if totals["schemathesis"] else 0
    print(f"wall time, all runs: rest-run {totals['rest-run']:.1f} s, Schemathesis {totals['schemathesis']:.1f} s, ratio {ratio:.3f}")


main()
