import { AppError, type Message } from '../../errors/app-error.ts';

/**
 * The image engine's waiting line, shared by every company: jobs wait per owner (company) and are
 * taken round-robin, one owner after another, so a company that queued 400 images does not make the
 * next company wait behind all of them. Bounded twice: `maxPerOwner` waiting jobs per owner and
 * `maxTotal` in all; a job over either bound is refused at once with `EngineBusyError` (429).
 */
export const ENGINE_BUSY_MESSAGES = {
  company: {
    ko: '이미지 처리 대기 작업이 너무 많습니다. 진행 중인 작업이 끝난 뒤 다시 시도하세요.',
    en: 'Too many image jobs are waiting for your company. Try again when the running ones finish.',
  },
  total: {
    ko: '이미지 처리 서버가 바쁩니다. 잠시 후 다시 시도하세요.',
    en: 'The image engine is busy. Try again shortly.',
  },
} as const satisfies Record<string, Message>;

export class EngineBusyError extends AppError {
  constructor(which: keyof typeof ENGINE_BUSY_MESSAGES) {
    super(
      which === 'company' ? 'image_queue_full_company' : 'image_queue_full',
      'too_many',
      ENGINE_BUSY_MESSAGES[which],
    );
    this.name = 'EngineBusyError';
  }
}

export class FairQueue<T> {
  private readonly waiting = new Map<string, T[]>();
  /** Owners with waiting jobs, in the order they are served next. */
  private readonly turns: string[] = [];
  private count = 0;

  constructor(
    private readonly maxPerOwner: number,
    private readonly maxTotal: number,
  ) {}

  get size(): number {
    return this.count;
  }

  waitingFor(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  /** Adds a job, or throws `EngineBusyError` when the owner's or the total bound is reached. */
  push(owner: string, job: T): void {
    if (this.count >= this.maxTotal) throw new EngineBusyError('total');
    const list = this.waiting.get(owner);
    if ((list?.length ?? 0) >= this.maxPerOwner) throw new EngineBusyError('company');
    if (list) list.push(job);
    else {
      this.waiting.set(owner, [job]);
      this.turns.push(owner);
    }
    this.count++;
  }

  /** The next job: the oldest of the owner whose turn it is. */
  shift(): T | undefined {
    const owner = this.turns.shift();
    if (owner === undefined) return undefined;
    const list = this.waiting.get(owner)!;
    const job = list.shift()!;
    if (list.length > 0) this.turns.push(owner);
    else this.waiting.delete(owner);
    this.count--;
    return job;
  }

  /** Empties the queue, answering every job that was waiting. */
  drain(): T[] {
    const all: T[] = [];
    for (let job = this.shift(); job !== undefined; job = this.shift()) all.push(job);
    return all;
  }
}
