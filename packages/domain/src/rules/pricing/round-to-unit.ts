// W §9 Pricing: prices are rounded to the round unit. Choice (docs/decisions.md): round half up
// on exact integer fractions, so 150 with unit 100 becomes 200 and 149.99… becomes 100.

/** Rounds numerator/denominator (both ≥ 0, exact integers) half up to a multiple of `unit`. */
export function roundFractionToUnit(numerator: bigint, denominator: bigint, unit: number): number {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  if (numerator < 0n) throw new RangeError('numerator must not be negative');
  const u = BigInt(Math.max(1, Math.trunc(unit)));
  const steps = (2n * numerator + denominator * u) / (2n * denominator * u);
  return Number(steps * u);
}

/** Rounds a non-negative number half up to a multiple of `unit` (decimals read to 1/10000). */
export function roundToUnit(value: number, unit: number): number {
  return roundFractionToUnit(BigInt(Math.round(Math.max(0, value) * 10_000)), 10_000n, unit);
}

/** Smallest multiple of `unit` that is ≥ value (used for guaranteed minimum amounts). */
export function ceilToUnit(value: number, unit: number): number {
  const u = Math.max(1, Math.trunc(unit));
  return Math.ceil(Math.max(0, value) / u) * u;
}

/** A decimal as an exact integer scaled by `scale` (e.g. 12.35 yuan × 100 = 1235 fen). */
export function toScaledInteger(value: number, scale: number): bigint {
  return BigInt(Math.round(value * scale));
}
