import { AppError, type Message } from '../../errors/app-error.ts';

/**
 * The image engine's waiting line, shared by every company: jobs wait per owner (company) and are
 * taken round-robin, one owner after another, so a company that queued 400 images does not make the
 * next company wait behind all of them. Bounded three ways, each refusal at once with
 * `EngineBusyError` (429):
 * - `maxPerOwner` waiting jobs per owner and `maxTotal` in all;
 * - new owners (companies younger than a day: `newcomer` on push) are bounded tighter, `newcomers.maxPerOwner`
 *   each and `newcomers.maxTotal` together. A burst of sign-ups can therefore fill at most
 *   `newcomers.maxTotal` of the line: established companies always find `maxTotal - newcomers.maxTotal`
 *   places that no new account can take (docs/decisions.md, issue 21).
 */
export const ENGINE_BUSY_MESSAGES = {
  company: {
    ko: '이미지 처리 대기 작업이 너무 많습니다. 진행 중인 작업이 끝난 뒤 다시 시도하세요.',
    en: 'Too many image jobs are waiting for your company. Try again when the running ones finish.',
  },
  newcomers: {
    ko: '새로 가입한 회사들의 이미지 처리 대기 작업이 많습니다. 잠시 후 다시 시도하세요.',
    en: 'Too many image jobs of newly signed-up companies are waiting. Try again shortly.',
  },
  total: {
    ko: '이미지 처리 서버가 바쁩니다. 잠시 후 다시 시도하세요.',
    en: 'The image engine is busy. Try again shortly.',
  },
} as const satisfies Record<string, Message>;

const BUSY_CODES = {
  company: 'image_queue_full_company',
  newcomers: 'image_queue_full_new_accounts',
  total: 'image_queue_full',
} as const;

export class EngineBusyError extends AppError {
  constructor(which: keyof typeof ENGINE_BUSY_MESSAGES) {
    super(BUSY_CODES[which], 'too_many', ENGINE_BUSY_MESSAGES[which]);
    this.name = 'EngineBusyError';
  }
}

export type NewcomerBounds = { maxPerOwner: number; maxTotal: number };

type Waiting<T> = { job: T; newcomer: boolean };

export class FairQueue<T> {
  private readonly waiting = new Map<string, Waiting<T>[]>();
  /** Owners with waiting jobs, in the order they are served next. */
  private readonly turns: string[] = [];
  private count = 0;
  private newcomerCount = 0;

  constructor(
    private readonly maxPerOwner: number,
    private readonly maxTotal: number,
    /** Bounds of new owners; without them every owner is treated alike. */
    private readonly newcomers: NewcomerBounds = { maxPerOwner, maxTotal },
  ) {}

  get size(): number {
    return this.count;
  }

  /** Waiting jobs of new owners, together. */
  get newcomerSize(): number {
    return this.newcomerCount;
  }

  waitingFor(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  /**
   * Adds a job, or throws `EngineBusyError` when a bound is reached. `newcomer`: the owner is a new
   * account, held to the tighter bounds.
   */
  push(owner: string, job: T, newcomer = false): void {
    if (this.count >= this.maxTotal) throw new EngineBusyError('total');
    const list = this.waiting.get(owner);
    const mine = list?.length ?? 0;
    if (mine >= (newcomer ? Math.min(this.maxPerOwner, this.newcomers.maxPerOwner) : this.maxPerOwner))
      throw new EngineBusyError('company');
    if (newcomer && this.newcomerCount >= this.newcomers.maxTotal) throw new EngineBusyError('newcomers');
    const entry = { job, newcomer };
    if (list) list.push(entry);
    else {
      this.waiting.set(owner, [entry]);
      this.turns.push(owner);
    }
    this.count++;
    if (newcomer) this.newcomerCount++;
  }

  /** The next job: the oldest of the owner whose turn it is. */
  shift(): T | undefined {
    const owner = this.turns.shift();
    if (owner === undefined) return undefined;
    const list = this.waiting.get(owner)!;
    const entry = list.shift()!;
    if (list.length > 0) this.turns.push(owner);
    else this.waiting.delete(owner);
    this.count--;
    if (entry.newcomer) this.newcomerCount--;
    return entry.job;
  }

  /** Empties the queue, answering every job that was waiting. */
  drain(): T[] {
    const all: T[] = [];
    for (let job = this.shift(); job !== undefined; job = this.shift()) all.push(job);
    return all;
  }
}
