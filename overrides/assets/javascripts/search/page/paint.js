/* bridge-laws search page: waiting for the browser to paint what was just put on the page. */

/** Resolves once what was just put on the page has been painted (the frame after it), or after
 * FRAME_WAIT ms when no frame comes (a page in the background, where the browser paints none).
 * Work that would hold the main thread (a Pagefind search, the next language's files arriving)
 * starts after it: on a busy phone it would otherwise run first and hold the paint back.  The
 * wait is longer than a busy phone's late frame (a long task before it, 100 ms and more), so
 * that only a page with no frames at all goes on without one. */
const FRAME_WAIT = 250;
export function painted() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

let watched = 0; // the elements watched so far, each by a name of its own

/** Resolves once `element`, about to be put on the page, is on the screen: where the browser
 * tells when an element's paint was presented (Element Timing, reported for an element with text
 * of its own, marked before its first paint), once it tells it for `element`, which is the moment
 * Largest Contentful Paint takes; a frame or more after painted() resolves, when the paint is
 * still on its way to the screen.  Else two frames after it is put on the page (painted, twice).
 * After FRAME_WAIT ms at the most, as painted().  Files asked for after it do not share the
 * network with what the reader is shown first, however fast they would have come. */
export function onScreen(element) {
  const types = (globalThis.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes("element")) return painted().then(painted);
  const name = `on-screen-${++watched}`;
  element.setAttribute("elementtiming", name);
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntries().some((entry) => entry.identifier === name)) done();
    });
    const timer = setTimeout(done, FRAME_WAIT);
    function done() {
      clearTimeout(timer);
      observer.disconnect();
      element.removeAttribute("elementtiming");
      resolve();
    }
    observer.observe({ type: "element" });
  });
}
