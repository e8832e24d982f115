"""What a browser test holds back and what it sees the page do meanwhile: a route's requests kept
until the test releases them (:class:`Held`), and the layout shifts a page records
(:data:`LAYOUT_SHIFTS`, read by :func:`shifts_after_parse`)."""

from __future__ import annotations


class Held:
    """A page's requests for ``pattern`` held back until :meth:`release`."""

    def __init__(self, page: object, pattern: str) -> None:
        self.routes: list[object] = []
        self.released = False
        page.route(pattern, self._hold)  # type: ignore[attr-defined]

    def _hold(self, route: object) -> None:
        if self.released:
            route.continue_()  # type: ignore[attr-defined]
        else:
            self.routes.append(route)

    def asked(self, page: object, seconds: float = 10) -> bool:
        """Whether the page asked for a held file within ``seconds``: a request the parser makes
        late on a busy machine is waited for (Playwright handles the route while the page waits)."""
        for _ in range(int(seconds * 20)):
            if self.routes:
                return True
            page.wait_for_timeout(50)  # type: ignore[attr-defined]
        return bool(self.routes)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()  # type: ignore[attr-defined]


# the page's layout shifts not caused by input (what Lighthouse's CLS sums), each with its time,
# its value, and what moved; a shift of the header's own controls counts 0: they moved in about
# one run of forty (Material's language menu, 236 px left, as if the header's search form, shown
# from 60em up, came late), which no result and nothing search.js does moves
LAYOUT_SHIFTS = """
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources || [];
        // what moved, for the failure's message
        const moved = sources.map(({ node, previousRect: a, currentRect: b }) =>
          `${node ? node.nodeName + "." + (node.className || "") : "?"} ` +
          `${a.x},${a.y}→${b.x},${b.y} (${a.width}×${a.height}→${b.width}×${b.height})`);
        // a shift of the header (its menus laid out) is not the results'
        const outside = !sources.length
          || sources.some(({ node }) => !node || !node.closest || !node.closest("header"));
        window.__shifts.push([entry.startTime, outside ? entry.value : 0, moved]);
      }
    }).observe({ type: "layout-shift", buffered: true });
"""


def shifts_after_parse(page: object) -> list[list[object]]:
    """The layout shifts :data:`LAYOUT_SHIFTS` recorded that moved something outside the header,
    from the end of the parse on, when the scripts start: a shift before it is the parser's, a frame
    shown while it waited on a busy machine (the search button laid out before its label)."""
    parsed = page.evaluate("() => performance.getEntriesByType('navigation')[0].domInteractive")  # type: ignore[attr-defined]
    shifts: list[list[object]] = page.evaluate("window.__shifts")  # type: ignore[attr-defined]
    return [shift for shift in shifts if shift[0] >= parsed and shift[1]]  # type: ignore[operator]
