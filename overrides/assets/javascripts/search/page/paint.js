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
