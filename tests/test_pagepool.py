"""The kept pages of tests/pagepool.py: a context handed out again is, for anything a test can
see, as a new one would be; what a reset cannot undo is never handed out again."""

from __future__ import annotations

from typing import Any

import pytest

OPTIONS: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "color_scheme": "dark"}
STATE = """() => [localStorage.length, sessionStorage.length, document.cookie,
  matchMedia('(prefers-color-scheme: dark)').matches, matchMedia('(prefers-reduced-motion: reduce)').matches,
  innerWidth, navigator.onLine, document.querySelectorAll(':hover').length]"""


def _downloaded(page: Any, address: str) -> dict[str, int]:
    """The bytes each file of the page's load came over the network with (none from a cache).
    The favicon is not the page's: Chromium's own store of icons, which outlives a context's
    cache, decides whether the browser fetches it again, and when (after the load, or not)."""
    cdp = page.context.new_cdp_session(page)
    urls: dict[str, str] = {}
    sizes: dict[str, int] = {}
    cdp.on("Network.responseReceived", lambda event: urls.update({event["requestId"]: event["response"]["url"]}))
    cdp.on("Network.loadingFinished", lambda event: sizes.update({event["requestId"]: event["encodedDataLength"]}))
    cdp.send("Network.enable")
    page.goto(address)
    page.wait_for_load_state("networkidle")
    cdp.detach()
    return {
        urls[request]: size
        for request, size in sizes.items()
        if request in urls and size > 0 and not urls[request].endswith("/favicon.svg")
    }


def _use(context: Any, base_url: str) -> Any:
    """A test's doings on its page, each something a reset must undo."""
    page = context.new_page()
    page.goto(base_url + "fi/2007/16/")
    page.evaluate("() => { localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1'); }")
    page.evaluate("() => { document.cookie = 'left=1; path=/'; }")
    page.set_viewport_size({"width": 800, "height": 600})
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    page.route("**/*.css", lambda route: route.abort())
    page.on("request", lambda request: None)
    page.mouse.move(200, 30)
    context.set_offline(True)
    return page


@pytest.mark.browser
def test_a_context_handed_out_again_is_as_new(browser: Any, base_url: str) -> None:
    first = browser.new_context(**OPTIONS)
    new = first.new_page()
    over_the_network = _downloaded(new, base_url + "fi/2007/16/")
    as_new = new.evaluate(STATE)
    listeners = {event: len(new._impl_obj.raw_listeners(event)) for event in new._impl_obj.event_names()}
    first.close()

    used = browser.new_context(**OPTIONS)
    page = _use(used, base_url)
    used.close()

    again = browser.new_context(**OPTIONS)
    reused = again.new_page()
    assert reused is page and reused.url == "about:blank"  # the same page, kept
    assert _downloaded(reused, base_url + "fi/2007/16/") == over_the_network  # no route left
    assert reused.evaluate(STATE) == as_new
    assert {event: len(reused._impl_obj.raw_listeners(event)) for event in reused._impl_obj.event_names()} == listeners
    again.close()


@pytest.mark.browser
def test_a_context_given_an_init_script_is_closed_not_kept(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 391, "height": 800})
    page = context.new_page()
    page.add_init_script("window.planted = true")
    context.close()
    assert page.is_closed()
    other = browser.new_context(viewport={"width": 391, "height": 800})
    fresh = other.new_page()
    assert fresh is not page
    fresh.goto(base_url)
    assert fresh.evaluate("window.planted === undefined")
    other.close()


@pytest.mark.browser
def test_a_second_page_of_a_context_is_closed_with_it(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 392, "height": 800})
    kept, second = context.new_page(), context.new_page()
    assert kept is not second
    second.goto(base_url)
    context.close()
    assert second.is_closed() and not kept.is_closed()
