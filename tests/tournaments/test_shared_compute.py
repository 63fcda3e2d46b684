"""A value computed once for all web processes while the others wait for it or serve the last
copy (tournaments/shared_compute.py, issue #31). Another process holding the lock is simulated
by adding `key:lock` to the cache, as the statistics' tests do."""

import threading
import uuid

import pytest
from django.core.cache import cache

import public.views
from tournaments.shared_compute import computed_once, kept_per_version


@pytest.fixture
def key():
    """A key of this test alone: the local-memory cache outlives a test."""
    name = f"shared_compute:test:{uuid.uuid4().hex}"
    yield name
    cache.delete_many([name, f"{name}:lock", f"{name}:v"])


def once(key, compute, **options):
    """`computed_once` over the cache entry `key`, as the statistics use it."""
    settings = {"lock_seconds": 60, "wait_seconds": 5}
    settings.update(options)
    return computed_once(
        key,
        compute,
        fetch=lambda: cache.get(key),
        store=lambda value: cache.set(key, value, 60),
        **settings,
    )


def test_a_value_is_computed_once_then_read_from_the_cache(key):
    computed = []
    first = once(key, lambda: computed.append(1) or {"n": len(computed)})
    second = once(key, lambda: computed.append(1) or {"n": len(computed)})
    assert (first, second, computed) == ({"n": 1}, {"n": 1}, [1])
    assert cache.get(f"{key}:lock") is None


def test_two_processes_asking_together_compute_the_value_once(key):
    started, finish = threading.Event(), threading.Event()
    computed = []

    def slow():
        computed.append(1)
        started.set()
        finish.wait(5)
        return {"owner": True}

    results = {}
    owner = threading.Thread(target=lambda: results.update(owner=once(key, slow)))
    owner.start()
    assert started.wait(5)
    threading.Timer(0.2, finish.set).start()
    waiter = once(key, lambda: computed.append(1) or {"waiter": True})
    owner.join(5)
    assert (results["owner"], waiter, computed) == ({"owner": True}, {"owner": True}, [1])


def test_a_waiter_gets_the_value_the_lock_holder_stores(key):
    cache.add(f"{key}:lock", 1, 60)  # another process is computing
    threading.Timer(0.2, lambda: cache.set(key, {"theirs": True}, 60)).start()
    computed = []
    value = once(key, lambda: computed.append(1) or {"mine": True})
    assert (value, computed) == ({"theirs": True}, [])


def test_a_process_that_gave_up_waiting_computes_and_leaves_the_holders_lock(key):
    cache.add(f"{key}:lock", "theirs", 60)  # another process is still computing
    value = once(key, lambda: {"mine": True}, wait_seconds=0.1)
    assert value == {"mine": True} and cache.get(key) == {"mine": True}
    assert cache.get(f"{key}:lock") == "theirs"


def test_with_serve_last_the_last_copy_is_served_without_waiting(key, monkeypatch):
    cache.set(key, "last copy", 60)
    cache.add(f"{key}:lock", 1, 60)  # another process renders the new version
    slept = []
    monkeypatch.setattr("tournaments.shared_compute.time.sleep", slept.append)
    computed = []
    value = once(
        key,
        lambda: computed.append(1) or "new copy",
        fresh=lambda: None,  # the copy there is not the current one
        serve_last=True,
    )
    assert (value, computed, slept) == ("last copy", [], [])


def test_with_serve_last_and_no_copy_yet_the_first_value_is_waited_for(key):
    cache.add(f"{key}:lock", 1, 60)  # another process renders the very first copy
    threading.Timer(0.2, lambda: cache.set(key, "their copy", 60)).start()
    value = once(key, lambda: "my copy", fresh=lambda: None, serve_last=True)
    assert value == "their copy"


def test_the_lock_is_released_when_the_computation_fails(key):
    def failing():
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        once(key, failing)
    assert cache.get(f"{key}:lock") is None and cache.get(key) is None


def test_a_public_render_that_gave_up_waiting_leaves_the_renderers_lock(key, monkeypatch):
    monkeypatch.setattr(public.views, "RENDER_WAIT", 0.1)
    cache.add(f"{key}:lock", "theirs", 60)  # another process renders the first copy
    entry = public.views._shared_render(key, "v1", lambda exact: ("v1", "<p>mine</p>"))
    assert entry == ("v1", "<p>mine</p>") and cache.get(f"{key}:v") == "v1"
    assert cache.get(f"{key}:lock") == "theirs"


def test_a_process_makes_its_copy_once_per_version_and_again_for_the_next():
    copies, made = {}, []

    def make(value):
        return lambda: made.append(value) or value

    assert kept_per_version(copies, "standings", "v1", make("first")) == "first"
    assert kept_per_version(copies, "standings", "v1", make("again")) == "first"
    assert kept_per_version(copies, "standings", "v2", make("second")) == "second"
    assert kept_per_version(copies, "chart", "v2", make("chart")) == "chart"
    assert made == ["first", "second", "chart"]
