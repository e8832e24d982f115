"""Chromium pages kept open from one test to the next (conftest.py's ``browser``).

A new page costs Chromium a renderer process: about half a processor second before it shows
anything, then a cold load; the browser tests open over a thousand, which made page creation
the largest single cost of `make test`.  So a context a test closes is not closed: it is reset
and kept for the next test that asks for a context with the same options, its page with it.

Reset, the context is as a new one would be, for anything a test can see: its page at
``about:blank`` (other pages closed), the storage of the origin it was on cleared (cookies, local
and session storage, IndexedDB, caches) and its HTTP cache emptied (a test counting what a page
downloads sees it all downloaded again), routes and the listeners the test added removed, the
viewport, colour scheme, reduced motion, media type, offline state, headers, permissions and
timeouts as the options made them (each put back only when the test called what changes it:
those calls are noted), the pointer off the page.  A test that does what cannot be
undone (an init script, an exposed function, a HAR, a service worker) gets a context that is
closed for real afterwards; so does one whose reset fails.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

# what a test may call that a reset cannot undo: the context is closed afterwards, not kept
IRREVERSIBLE = ("add_init_script", "expose_binding", "expose_function", "route_from_har", "add_locator_handler")
# options a kept context is not made for: a service worker outlives any reset
UNPOOLED_OPTIONS = ("service_workers", "storage_state", "record_har_path", "record_video_dir")
# what a test may call that the reset undoes, by owner: the reset undoes only what was called
# (each undoing is a round trip to the browser, and most tests change none of it)
RESETTABLE = {
    "page": ("set_viewport_size", "emulate_media", "set_extra_http_headers", "route", "route_web_socket"),
    "context": ("set_offline", "set_extra_http_headers", "grant_permissions", "route", "route_web_socket"),
    "both": ("set_default_timeout", "set_default_navigation_timeout"),
}
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's, when the options give none
DEFAULT_TIMEOUT_MS = 30_000  # Playwright's
RESET_TIMEOUT_MS = 10_000


def _key(options: dict[str, Any]) -> str:
    return repr(sorted(options.items()))


class _Lease:
    """A kept context lent to a test: its page, and what the test added that the reset removes."""

    def __init__(self, context: Any, page: Any, options: dict[str, Any]) -> None:
        self.context, self.page, self.options = context, page, options
        self.tainted = False
        self.page_handed = False
        self.lent = False
        self.changed: set[str] = set()  # the RESETTABLE calls made while lent, as "page.route"
        self.cdp: Any = None  # the page's DevTools session for the reset, made once
        self.listeners = {owner: _listeners(owner) for owner in (context, page)}


def _emitter(owner: Any) -> Any:
    return owner._impl_obj  # the Playwright object the sync API wraps: it holds the listeners


def _listeners(owner: Any) -> dict[str, list[Callable[..., Any]]]:
    emitter = _emitter(owner)
    return {event: list(emitter.raw_listeners(event)) for event in emitter.event_names()}


def _restore_listeners(owner: Any, before: dict[str, list[Callable[..., Any]]]) -> None:
    """Remove the listeners added since ``before`` (a test's ``page.on(…)``)."""
    emitter = _emitter(owner)
    for event in list(emitter.event_names()):
        for listener in list(emitter.raw_listeners(event)):
            if listener not in before.get(event, []):
                emitter.remove_listener(event, listener)


class PagePool:
    """The launched Chromium, whose new contexts (and pages) come from kept ones where they can,
    and run no service worker unless a test asks for one (``service_workers="allow"``: the offline
    tests), which gets a context of its own.  Everything else is the browser's own."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._kept: dict[str, list[_Lease]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

    def new_context(self, **options: Any) -> Any:
        options = {"service_workers": "block", **options}
        if options["service_workers"] != "block" or any(
            options.get(name) for name in UNPOOLED_OPTIONS if name != "service_workers"
        ):
            return self._browser.new_context(**options)
        kept = self._kept.setdefault(_key(options), [])
        if kept:
            lease = kept.pop()
        else:
            context = self._browser.new_context(**options)
            lease = _Lease(context, context.new_page(), options)
        self._lend(lease)
        return lease.context

    def new_page(self, **options: Any) -> Any:
        """A page in a context of its own, which closing the page closes (or keeps)."""
        context = self.new_context(**options)
        page = context.new_page()
        page.close = lambda **_: context.close()
        return page

    def _lend(self, lease: _Lease) -> None:
        context, page = lease.context, lease.page
        lease.tainted, lease.page_handed, lease.lent = False, False, True
        lease.changed.clear()

        def new_page() -> Any:
            if not lease.page_handed:
                lease.page_handed = True
                return page
            return type(context).new_page(context)  # a second page is a real one, closed at the end

        def noting(owner: Any, name: str, note: Callable[[], object]) -> None:
            """The owner's ``name`` noting, when the test calls it, that it was called."""
            method = getattr(type(owner), name).__get__(owner)

            def called(*args: Any, **kwargs: Any) -> Any:
                note()
                return method(*args, **kwargs)

            setattr(owner, name, called)

        for label, owner in (("page", page), ("context", context)):
            for name in (*RESETTABLE[label], *RESETTABLE["both"]):
                noting(owner, name, lambda change=f"{label}.{name}": lease.changed.add(change))
        context.new_page = new_page
        context.close = lambda **_: self._take_back(lease)
        page.close = lambda **_: None  # the test's page goes back with its context
        for owner in (context, page):
            for name in IRREVERSIBLE:
                if hasattr(type(owner), name):
                    noting(owner, name, lambda: setattr(lease, "tainted", True))

    def _take_back(self, lease: _Lease) -> None:
        if not lease.lent:  # closed twice (the page, then its context)
            return
        lease.lent = False
        context = lease.context
        try:
            if lease.tainted:
                raise RuntimeError("a test did what a reset cannot undo")
            self._reset(lease)
        except Exception:
            with contextlib.suppress(Exception):
                type(context).close(context)
            return
        self._kept.setdefault(_key(lease.options), []).append(lease)

    def _reset(self, lease: _Lease) -> None:
        context, page, options = lease.context, lease.page, lease.options
        if type(page).is_closed(page):
            raise RuntimeError("the page was closed")
        for other in context.pages:
            if other is not page:
                type(other).close(other)
        address = urlsplit(page.url)
        origin = f"{address.scheme}://{address.netloc}" if address.scheme in ("http", "https") else ""
        if origin:  # session storage belongs to the tab: only the page itself can clear it
            with contextlib.suppress(Exception):
                page.evaluate("() => { try { sessionStorage.clear(); } catch (error) {} }")
        page.goto("about:blank", timeout=RESET_TIMEOUT_MS)
        changed = lease.changed
        if "page.route" in changed or "page.route_web_socket" in changed:
            page.unroute_all(behavior="ignoreErrors")
        if "context.route" in changed or "context.route_web_socket" in changed:
            context.unroute_all(behavior="ignoreErrors")
        for owner, before in lease.listeners.items():
            _restore_listeners(owner, before)
        if "context.set_offline" in changed:
            context.set_offline(False)
        context.clear_cookies()  # a page sets cookies too (document.cookie)
        if "context.grant_permissions" in changed:
            context.clear_permissions()
        if "context.set_extra_http_headers" in changed:
            context.set_extra_http_headers({})
        if "page.set_extra_http_headers" in changed:
            page.set_extra_http_headers({})
        if lease.cdp is None:
            lease.cdp = context.new_cdp_session(page)
        if origin:
            lease.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        lease.cdp.send("Network.clearBrowserCache")
        if "page.set_viewport_size" in changed and not options.get("no_viewport"):
            page.set_viewport_size(options.get("viewport") or DEFAULT_VIEWPORT)
        if "page.emulate_media" in changed:
            page.emulate_media(
                media="null",
                color_scheme=options.get("color_scheme", "light"),
                reduced_motion=options.get("reduced_motion", "no-preference"),
                forced_colors=options.get("forced_colors", "none"),
            )
        for label, owner in (("context", context), ("page", page)):
            if f"{label}.set_default_timeout" in changed:
                owner.set_default_timeout(DEFAULT_TIMEOUT_MS)
            if f"{label}.set_default_navigation_timeout" in changed:
                owner.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
        page.mouse.move(-1, -1)  # no element left hovered where the last test's pointer stopped
