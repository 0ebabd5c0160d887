/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1) (mulberry32.mjs). */
export function mulberry32(seed: number): () => number;
