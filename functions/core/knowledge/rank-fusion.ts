/** The constant of reciprocal rank fusion (Cormack et al., 2009): damps the weight of the very first ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each ranked list (best first) gives an item 1 / (RRF_K + rank); the sums
 * rank the combined list. Needs no normalisation of incomparable scores (BM25 vs cosine).
 */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[]): Map<T, number> {
  const fused = new Map<T, number>();
  for (const ranking of rankings) {
    ranking.forEach((item, index) => fused.set(item, (fused.get(item) ?? 0) + 1 / (RRF_K + index + 1)));
  }
  return fused;
}
