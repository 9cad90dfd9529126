// The abuse suite's frame (issue 21): a victim company and an attacker company on one running server
// (real HTTP, real PostgreSQL). An attack row sends its requests while the victim's getlist is timed,
// and answers what the attacker got. The tests (abuse.pg.test.ts) assert the answers and that nothing was
// half-written; `npm run bench abuse` (bench/abuse.bench.ts) prints the victim's timings. Used by both,
// so it imports nothing from vitest.

export type Answer = { status: number; body: unknown; headers: Headers };

/**
 * The "status" of a request without a session whose connection the server closed while the client
 * was still sending its body (issue 39: a refusal of more than 1 MB closes the connection instead of
 * reading the rest, http/unauthenticated-bodies.ts): the client sees a reset, not the 401/413.
 */
export const CLOSED_BY_SERVER = 0;

/**
 * `anonymous`: without the session cookie (the attacker of issue 39 needs no account); `from`: this
 * request's own client address (X-Forwarded-For behind the trusted proxy) instead of the company's.
 */
export type PostOptions = { contentType?: string; raw?: string | Buffer; anonymous?: boolean; from?: string };

/** A signed-in company talking to the server over HTTP. */
export type Company = {
  email: string;
  /** The server this company talks to (a row that needs more companies signs them up there). */
  baseUrl: string;
  /** The session cookie (`sid=…`), for a client of the same company elsewhere (the bench's victim thread). */
  cookie: string;
  post(path: string, body: unknown, opts?: PostOptions): Promise<Answer>;
  get(path: string): Promise<Answer>;
};

/**
 * An answer whose body is read as bytes and decoded only when a check looks at it: a 9 MB saveItems
 * answer the attack only counts by status is not parsed by the client, which shares the server's
 * machine here as a real attacker would not (the server's work for it is unchanged).
 */
async function answerOf(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  let read: { body: unknown } | undefined;
  return {
    status: res.status,
    headers: res.headers,
    get body() {
      if (!read) {
        const text = bytes.toString('utf8');
        read = { body: text };
        try {
          read.body = JSON.parse(text);
        } catch {}
      }
      return read.body;
    },
  };
}

/**
 * Signs a company up. `forwardedFor` gives it its own client address behind a trusted proxy (the
 * server started with TRUST_PROXY=1), so the victim and the attacker do not share the per-address
 * limits as they would from one machine.
 */
export async function signUpCompany(
  baseUrl: string,
  email: string,
  opts: { forwardedFor?: string | (() => string) } = {},
): Promise<Company> {
  const { forwardedFor } = opts;
  // A function gives each request its own address (the bench's victim sends more than 600 a minute).
  const via = (): Record<string, string> =>
    forwardedFor === undefined
      ? {}
      : { 'x-forwarded-for': typeof forwardedFor === 'function' ? forwardedFor() : forwardedFor };
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...via() },
    body: JSON.stringify({ companyName: `${email} 상점`, name: '셀러', email, password: 'password123!' }),
  });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  const cookie = sid.split(';')[0]!;
  return {
    email,
    baseUrl,
    cookie,
    async post(path, body, opts = {}) {
      const send = fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          ...(opts.anonymous ? {} : { cookie }),
          'content-type': opts.contentType ?? 'application/json',
          ...(opts.from === undefined ? via() : { 'x-forwarded-for': opts.from }),
        },
        body: opts.raw ?? JSON.stringify(body),
      });
      if (!opts.anonymous) return answerOf(await send);
      try {
        return await answerOf(await send);
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        // a connection the server closed (reset, or ended while the body was being written)
        if (!/ECONNRESET|EPIPE|UND_ERR_SOCKET/.test(`${cause?.code} ${cause?.message}`)) throw err;
        return { status: CLOSED_BY_SERVER, body: { closed: cause?.code }, headers: new Headers() };
      }
    },
    async get(path) {
      return answerOf(await fetch(`${baseUrl}${path}`, { headers: { cookie, ...via() } }));
    },
  };
}

/** What an attack row does. `run` sends the attack and answers every answer the attacker got. */
export type AttackRow = {
  name: string;
  /** What the table measured, for the bench's output. */
  what: string;
  /** Statuses the attacker may get (each with a Korean message unless 200). */
  allowed: readonly number[];
  /**
   * What the bench's victim times during this row: its product list (default) or a one-field save
   * of its product (`save`: issue 39's twelve writers slowed another company's saves).
   */
  victim?: 'list' | 'save';
  /**
   * Pause between two sends of the attack when a window repeats it (else the runner's): a row whose
   * requests cost almost nothing once refused would otherwise measure a request flood instead.
   */
  paceMs?: number;
  /** Prepares what the attack needs (e.g. a large product); not timed. */
  setup?: (attacker: Company) => Promise<unknown>;
  run: (attacker: Company, prepared: unknown) => Promise<Answer[]>;
};

/** The victim's request: its product list, as the list screen asks for it. */
export async function victimRequest(victim: Company): Promise<number> {
  const started = performance.now();
  const r = await victim.post('/api/aiRocketReg/getlist', { pageSize: 20 });
  if (r.status !== 200) throw new Error(`victim getlist answered ${r.status}`);
  return performance.now() - started;
}

/**
 * Times the victim's requests, one after another at `paceMs` apart (the global per-address limit of
 * 600 a minute is shared with the attacker on one machine), until `until` settles. `times` receives
 * each time as it is measured (the attack may run until enough were taken).
 */
export async function timeVictim(
  victim: Company,
  until: Promise<unknown>,
  paceMs = 150,
  times: number[] = [],
): Promise<{ times: number[]; failures: number }> {
  let done = false;
  void until.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  let failures = 0;
  while (!done || times.length + failures === 0) {
    try {
      times.push(await victimRequest(victim));
    } catch {
      failures++;
    }
    await new Promise((r) => setTimeout(r, paceMs));
  }
  return { times, failures };
}

export async function idleTimes(victim: Company, n = 20, paceMs = 150): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    times.push(await victimRequest(victim));
    await new Promise((r) => setTimeout(r, paceMs));
  }
  return times;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type AttackResult = {
  row: AttackRow;
  answers: Answer[];
  victim: { times: number[]; failures: number };
  /** Thrown by the attack itself (a connection reset when the server died, …). */
  error?: unknown;
};

/**
 * Runs one row: its setup, then the attack while the victim is timed. With `minDurationMs` the attack
 * is sent again, one after another, until that long has passed (at most `maxRuns` times), so a quickly
 * refused attack is still measured against enough of the victim's requests; with `minVictimSamples`
 * it also goes on until the victim has taken that many times (at most `maxDurationMs`).
 */
export async function runAttack(
  row: AttackRow,
  attacker: Company,
  victim: Company,
  opts: {
    minDurationMs?: number;
    maxRuns?: number;
    paceMs?: number;
    attackPaceMs?: number;
    minVictimSamples?: number;
    maxDurationMs?: number;
    /**
     * Times the victim elsewhere (the bench: its own thread, so the attacker's client work is not
     * counted in the victim's times); pushes each time into `times` as it is measured.
     */
    victimTimer?: (
      until: Promise<unknown>,
      times: number[],
    ) => Promise<{ times: number[]; failures: number }>;
  } = {},
): Promise<AttackResult> {
  const prepared = row.setup ? await row.setup(attacker) : undefined;
  let error: unknown;
  const victimTimes: number[] = [];
  const attack = (async () => {
    const answers: Answer[] = [];
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const more = () =>
      (elapsed() < (opts.minDurationMs ?? 0) || victimTimes.length < (opts.minVictimSamples ?? 0)) &&
      elapsed() < (opts.maxDurationMs ?? Number.POSITIVE_INFINITY);
    let runs = 0;
    do {
      const pause = row.paceMs ?? opts.attackPaceMs;
      if (runs > 0 && pause) await new Promise((r) => setTimeout(r, pause));
      answers.push(...(await row.run(attacker, prepared)));
      runs++;
    } while (more() && runs < (opts.maxRuns ?? 20));
    return answers;
  })().catch((e: unknown) => {
    error = e;
    return [] as Answer[];
  });
  const timer =
    opts.victimTimer ??
    ((until: Promise<unknown>, into: number[]) => timeVictim(victim, until, opts.paceMs, into));
  const [answers, times] = await Promise.all([attack, timer(attack, victimTimes)]);
  return { row, answers, victim: times, ...(error === undefined ? {} : { error }) };
}

/** A Korean message in an error answer (`message`, the spec's `error`). */
export function koreanMessage(answer: Answer): string | undefined {
  const body = answer.body as { message?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  return message && /[가-힣]/.test(message) ? message : undefined;
}
