"""Percentiles and the report of the live benchmark (no Django, no I/O)."""

import math
import os
import time
from collections import Counter, defaultdict
from dataclasses import dataclass

# What each request kind is, for the report.
KINDS = {
    "sheet_get": "GET /api/score-sheets/{id}/ (the umpire reads the sheet and its ETag)",
    "hand_post": "POST /api/score-sheets/{id}/hands/ with If-Match (a hand saved)",
    "public_page": "GET /t/{slug}/ (the public standings page, whole)",
    "public_live": "GET /t/{slug}/live.json?v=... (the page's poll)",
    "probe_poll": "the freshness watcher's polls (every 50 ms after a save)",
    "public_html": "a public page opened in a browser: standings, session, chart, a player",
    "staff_page": "the dashboard or the score-sheet list, refreshed by a logged-in director",
}
# The targets: p95 in milliseconds.
# The public standings are the page (on arrival) and its live JSON (every poll; it carries the
# re-rendered standings when they changed): both are held to the page's 100 ms.
# Issue #31 adds the browsing clients' public pages (300 ms) and the staff's pages (500 ms).
TARGETS_P95_MS = {
    "hand_post": 300.0,
    "public_page": 100.0,
    "public_live": 100.0,
    "public_html": 300.0,
    "staff_page": 500.0,
}


def percentile(values, q: float) -> float | None:
    """The q-th percentile (0-100) by linear interpolation between closest ranks (numpy's
    default); None for no values."""
    if not 0 <= q <= 100:
        raise ValueError("q must be within 0..100")
    ordered = sorted(values)
    if not ordered:
        return None
    position = (len(ordered) - 1) * q / 100
    low, high = math.floor(position), math.ceil(position)
    if low == high:
        return float(ordered[low])
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _round(value):
    return None if value is None else round(value, 1)


def summarize(values) -> dict:
    """count, p50/p95/p99/max and mean of latencies (ms)."""
    values = list(values)
    return {
        "count": len(values),
        "p50_ms": _round(percentile(values, 50)),
        "p95_ms": _round(percentile(values, 95)),
        "p99_ms": _round(percentile(values, 99)),
        "max_ms": _round(max(values) if values else None),
        "mean_ms": _round(sum(values) / len(values) if values else None),
    }


@dataclass(frozen=True)
class Sample:
    """One request: its kind, when it started (s since the load began), how long it took
    (ms), its HTTP status (0 = no response: connection error or timeout)."""

    kind: str
    start: float
    ms: float
    status: int


def by_kind(samples) -> dict:
    """Per request kind: the latency summary of all its requests, the statuses seen, and the
    errors (status 0 or >= 400 where it was not expected) by status."""
    latencies = defaultdict(list)
    statuses = defaultdict(Counter)
    for sample in samples:
        latencies[sample.kind].append(sample.ms)
        statuses[sample.kind][sample.status] += 1
    report = {}
    for kind in sorted(latencies):
        counts = statuses[kind]
        errors = {str(s): n for s, n in sorted(counts.items()) if s == 0 or s >= 400}
        report[kind] = {
            **summarize(latencies[kind]),
            "statuses": {str(s): n for s, n in sorted(counts.items())},
            "errors": errors,
            "error_count": sum(errors.values()),
        }
    return report


def freshness_summary(delays_ms, timeouts: int, timeout_s: float, unavailable: int = 0) -> dict:
    """How long after a hand's 201 the public page showed it."""
    return {
        **summarize(delays_ms),
        "not_shown_within_timeout": timeouts,
        "timeout_s": timeout_s,
        "public_page_unavailable": unavailable,
    }


def speed_gauge_ms(repeat: int = 3) -> float:
    """The CPU milliseconds of a fixed piece of pure Python (best of `repeat`): how fast this
    machine is just now. Its speed varies by half between minutes; two runs' figures compare
    only next to their gauges (the same code took 14 and 24 ms of CPU a hand, issue #31)."""
    best = math.inf
    for _ in range(repeat):
        begin = time.process_time()
        total = 0
        for number in range(1_000_000):
            total += number * number
        best = min(best, time.process_time() - begin)
    return round(best * 1000, 1)


def verdict(requests: dict) -> dict:
    """Each target of the issue: the measured p95 against the limit, and no errors at all."""
    checks = {}
    for kind, limit in TARGETS_P95_MS.items():
        p95 = requests.get(kind, {}).get("p95_ms")
        checks[f"{kind}_p95_under_{int(limit)}ms"] = {
            "limit_ms": limit,
            "p95_ms": p95,
            "ok": p95 is not None and p95 < limit,
        }
    errors = sum(entry["error_count"] for entry in requests.values())
    checks["no_errors"] = {"errors": errors, "ok": errors == 0 and bool(requests)}
    return checks


def build_report(
    *,
    samples,
    freshness_delays_ms,
    freshness_timeouts: int,
    freshness_timeout_s: float,
    freshness_unavailable: int = 0,
    duration_s: float,
    settings: dict,
    setup: dict,
    cpu_seconds: dict,
    server_side: dict,
    missing: list[str],
    server_cpu: dict | None = None,
    speed_gauge: dict | None = None,
    resent: int = 0,
) -> dict:
    """The whole report written to bench-results/live.json."""
    requests = by_kind(samples)
    return {
        "machine": {
            "cpu_cores": os.cpu_count(),
            "load_generator_on_same_machine": True,
            "speed_gauge_ms": speed_gauge or {},
        },
        "settings": settings,
        "setup": setup,
        "duration_s": round(duration_s, 1),
        "requests": requests,
        "requests_resent_on_a_connection_closed_by_the_server": resent,
        "throughput_rps": {
            kind: round(entry["count"] / duration_s, 1) if duration_s else None
            for kind, entry in requests.items()
        },
        "freshness": freshness_summary(
            freshness_delays_ms, freshness_timeouts, freshness_timeout_s, freshness_unavailable
        ),
        "cpu_seconds_during_load": cpu_seconds,
        "server_side_ms": server_side,
        "server_cpu": server_cpu or {},
        "targets": verdict(requests),
        "missing": missing,
        "kinds": {kind: KINDS.get(kind, kind) for kind in requests},
    }


def summary_lines(report: dict) -> list[str]:
    """The printed summary: one line per request kind, freshness, the targets."""
    lines = [
        f"{report['machine']['cpu_cores']} cores; {report['duration_s']} s of load; "
        f"{report['settings'].get('gunicorn', '')}"
    ]
    if gauge := report["machine"].get("speed_gauge_ms"):
        lines.append(
            f"speed gauge (CPU ms of a fixed loop; lower is faster): "
            f"{gauge.get('before')} before the load, {gauge.get('after')} after"
        )
    for kind, entry in report["requests"].items():
        lines.append(
            f"{kind:12} n={entry['count']:6}  p50={entry['p50_ms']}  p95={entry['p95_ms']}  "
            f"p99={entry['p99_ms']}  max={entry['max_ms']} ms  errors={entry['errors'] or 0}"
        )
    if resent := report.get("requests_resent_on_a_connection_closed_by_the_server"):
        lines.append(f"sent again after the server closed their connection unanswered: {resent}")
    fresh = report["freshness"]
    lines.append(
        f"freshness    n={fresh['count']:6}  p50={fresh['p50_ms']}  p95={fresh['p95_ms']}  "
        f"max={fresh['max_ms']} ms  not shown within {fresh['timeout_s']} s: "
        f"{fresh['not_shown_within_timeout']}"
    )
    for kind, entry in report.get("server_cpu", {}).items():
        lines.append(
            f"cpu {kind:12} {entry['cpu_s']} s ({entry['share']:.0%}), "
            f"{entry['mean_ms']} ms a request (median {entry['p50_ms']})"
        )
    for name, check in report["targets"].items():
        lines.append(f"{'OK  ' if check['ok'] else 'FAIL'} {name}: {check}")
    for item in report["missing"]:
        lines.append(f"MISSING {item}")
    return lines
