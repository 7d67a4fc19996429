// mulberry32: a small seeded random number generator, for work that must be the same on every
// run (the comparison's games) or a failure that must be run again (the randomized tests).

/** A generator of numbers in [0, 1) from `seed`. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
