/* bridge-laws search engine: the main thread given back between the steps of a search.  A first
 * search opened with the page (?q=) runs while the page is still loading, and a phone's main
 * thread is several times slower than a desktop's: each step (the engine made, the concepts
 * matched, their laws placed, each Pagefind search, the results shown) is a task of its own, so
 * a tap or a key waits for one step at most, never for the whole search (Lighthouse's Total
 * Blocking Time counts every task over 50 ms).  Under Node (tests/js, the benches) the same
 * steps, each after the I/O already waiting (setImmediate: a timer would wait a millisecond). */

/** Resolves once the tasks waiting have had their turn: the scheduler's `yield()` where the
 * browser has it (the search then goes on before tasks queued after it), Node's setImmediate,
 * else a timer. */
export function yieldToMain() {
  const scheduler = globalThis.scheduler;
  if (scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
