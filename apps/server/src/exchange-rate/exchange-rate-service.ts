import { type DailyRate, exchangeRateMove, readDailyRate } from '@rr/domain';

// Issue 41: the daily public exchange rate the operator configures (EXCHANGE_RATE_URL, a source in
// the shape readDailyRate reads). Read at most once per Korean day (a failed read is tried again after
// an hour), shared by every company; each company's status compares it with its own rate in use and
// says whether the move is beyond EXCHANGE_RATE_THRESHOLD_PERCENT (then the settings screen offers
// the new rate, and after its save the one-click reprice). No source configured: nothing is read.

export type ExchangeRateDeps = {
  /** The source's URL; undefined: the feature is off. */
  url: string | undefined;
  thresholdPercent: number;
  /** Reads the source's JSON (the container: fetch with a timeout; tests: a stand-in). */
  readJson(url: string): Promise<unknown>;
  /** The company's rate in use (the settings reader's defaults). */
  rateInUse(companyId: string): Promise<number>;
  clock: { now(): number };
};

export type ExchangeRateStatus = {
  configured: boolean;
  inUse: number;
  source: DailyRate | null;
  movedPercent: number | null;
  beyondThreshold: boolean;
  thresholdPercent: number;
};

const KST_MS = 9 * 3_600_000;
const RETRY_MS = 3_600_000;

export function createExchangeRateService(deps: ExchangeRateDeps) {
  let cached: { day: string; rate: DailyRate } | null = null;
  let failedAt: number | null = null;
  let inFlight: Promise<DailyRate | null> | null = null;
  const today = () => new Date(deps.clock.now() + KST_MS).toISOString().slice(0, 10);

  async function latest(): Promise<DailyRate | null> {
    const url = deps.url;
    if (!url) return null;
    if (cached && cached.day === today()) return cached.rate;
    if (failedAt !== null && deps.clock.now() - failedAt < RETRY_MS) return cached?.rate ?? null;
    inFlight ??= deps
      .readJson(url)
      .then((answer) => {
        const rate = readDailyRate(answer);
        if (!rate) throw new Error('not a daily rate');
        cached = { day: today(), rate };
        failedAt = null;
        return rate;
      })
      .catch(() => {
        failedAt = deps.clock.now();
        return cached?.rate ?? null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return {
    latest,
    async status(companyId: string): Promise<ExchangeRateStatus> {
      const [inUse, source] = await Promise.all([deps.rateInUse(companyId), latest()]);
      const move = source ? exchangeRateMove(inUse, source.rate, deps.thresholdPercent) : null;
      return {
        configured: Boolean(deps.url),
        inUse,
        source,
        movedPercent: move?.movedPercent ?? null,
        beyondThreshold: move?.beyond ?? false,
        thresholdPercent: deps.thresholdPercent,
      };
    },
  };
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
