// The memory budget of one calculation: its pairs of areas and locations
// (what grows with the model's reach) are estimated before the engine
// allocates anything, and a calculation that would need more than the budget
// is refused with the reason (the scenario ends at status 10, the reason in
// its processing log). After a calculation that took more than half the
// budget the engine thread is replaced, so what it held goes back to the
// system instead of staying resident.
import { BYTES_PER_PAIR, estimatePairs, type DecayParameters, type PointSet } from '@locus/engine';

export class CalculationTooLargeError extends Error {}

const MB = 1024 * 1024;
const count = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Throws CalculationTooLargeError when the sub-models' pairs together (the
 * engine holds every sub-model's result until it answers) would need more
 * than `budgetBytes`. Answers the estimated bytes.
 */
export function checkPairBudget(
  subModels: ReadonlyArray<{ name: string; parameters: DecayParameters }>,
  areas: PointSet,
  locations: PointSet & { active?: ArrayLike<number> },
  budgetBytes: number,
): number {
  const estimates = subModels.map((s) => ({ name: s.name, ...estimatePairs(s.parameters, areas, locations) }));
  const bytes = estimates.reduce((sum, e) => sum + e.bytes, 0);
  if (bytes <= budgetBytes) return bytes;
  const largest = estimates.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  throw new CalculationTooLargeError(
    `the calculation is too large: it would hold about ${count(estimates.reduce((s, e) => s + e.pairs, 0))} pairs of areas and locations ` +
      `(about ${count(bytes / MB)} MB), more than the ${count(budgetBytes / MB)} MB a calculation may take (CALCULATION_MEMORY_MB); ` +
      `lower the maximum travel minutes of sub-model '${largest.name}'`,
  );
}

/** A calculation whose pairs took more than half the budget: its engine thread is replaced afterwards. */
export function isLargeCalculation(pairCount: number, budgetBytes: number): boolean {
  return pairCount * BYTES_PER_PAIR > budgetBytes / 2;
}
