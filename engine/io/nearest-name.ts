/**
 * "Did you mean": the registered name closest to one that is not registered. Shared by the registry
 * and by the lookup a repository validator is handed in its worker, so both suggest the same name.
 */

/**
 * The candidate closest to `name`: within a third of its length in edits (at least two), or sharing a
 * whole-word prefix with it; undefined when nothing is that close.
 */
export function nearestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 3))) return best;
  return candidates.find((candidate) => candidate.startsWith(`${name}_`) || name.startsWith(`${candidate}_`));
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}
