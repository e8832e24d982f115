/* A small random generator for the tests' drawn cases, seeded: the same cases every run. */

/** Draws from `seed` on: `draw(below)` is a whole number from 0 up to `below` (not included). */
export function seeded(seed) {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}
