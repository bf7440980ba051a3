// The benches' shared settings. Every bench runs at full size by default; the bench-scripts process test
// runs each one tiny (BENCH_SCALE, BENCH_SECONDS below one, BENCH_ROUNDS=1) so that none can break unseen.
import crypto from 'node:crypto';

/** A number above zero from the environment (fractions allowed: BENCH_SECONDS=0.5), else `fallback`. */
export function positiveNumber(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** A whole number above zero from the environment, else `fallback`. */
export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * BENCH_SCALE: the share of the benches' data to make (default 1, the sizes the budgets are written for;
 * 0.01 makes a hundredth of every bench table, the calendar week, the long thread and the feed).
 */
export const BENCH_SCALE = Math.min(1, positiveNumber(process.env.BENCH_SCALE, 1));

/** `n` at BENCH_SCALE, at least `min`. */
export const scaled = (n: number, min = 1): number => Math.max(min, Math.round(n * BENCH_SCALE));

/** BENCH_REPORT_ONLY=1: a bench that exits 1 on a failed budget prints it and exits 0 (a tiny run's figures mean nothing). */
export const REPORT_ONLY = process.env.BENCH_REPORT_ONLY === '1';

/**
 * The benches run the portal with NODE_ENV=production, which needs DATA_ENCRYPTION_KEYS (the keys that wrap
 * the data keys of what clients write): unless one is given, each run makes a random key of its own, in
 * process.env, so that its child processes (a portal process, a cluster) share it.
 */
export function ensureBenchDataKeys(): string {
  process.env.DATA_ENCRYPTION_KEYS ||= `bench:${crypto.randomBytes(32).toString('base64')}`;
  return process.env.DATA_ENCRYPTION_KEYS;
}
