/** The demo's dice: seeded, so every first start writes the same story (and a failing seed test can be rerun). */
export interface DemoRandom {
  /** 0 ≤ x < 1. */
  next(): number;
  /** 0 … n − 1. */
  int(n: number): number;
  /** An index drawn with the weights given. */
  weighted(weights: number[]): number;
}

export function demoRandom(seed: number): DemoRandom {
  let state = seed % 2147483648;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return {
    next,
    int: (n) => Math.floor(next() * n),
    weighted: (weights) => {
      let x = next() * weights.reduce((a, b) => a + b, 0);
      return Math.max(
        0,
        weights.findIndex((w) => (x -= w) < 0),
      );
    },
  };
}
