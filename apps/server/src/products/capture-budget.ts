import { IMPORT_MESSAGES, MAX_CAPTURE_CHARS, MAX_CAPTURES_CHARS } from '@rr/domain';
import { AppError } from '../errors/app-error.ts';

// The 1688 import's size budget, apart from the import service so that the work pool can apply it to a
// large body it has just parsed (http/json-body.ts): a refused capture then never comes back to the
// request loop (a 3 MB string copied back and collected there, issue 21).

type Input = { text?: string | undefined; name?: string | undefined };

export function inputName(input: Input, index: number): string {
  return input.name?.trim() || `입력 ${index + 1}`;
}

const captureTooLarge = (message: { ko: string; en: string }) =>
  new AppError('capture_too_large', 'too_large', message);

/**
 * Each pasted text at most MAX_CAPTURE_CHARS (the largest real page capture is ~244 KB), all of them
 * together at most MAX_CAPTURES_CHARS: refused whole with 413 before anything is parsed.
 */
export function checkCaptureBudget(inputs: readonly Input[]): void {
  let total = 0;
  for (const [i, input] of inputs.entries()) {
    const size = typeof input?.text === 'string' ? input.text.length : 0;
    total += size;
    if (size > MAX_CAPTURE_CHARS)
      throw captureTooLarge(IMPORT_MESSAGES.captureTooLarge(inputName(input, i), MAX_CAPTURE_CHARS));
  }
  if (total > MAX_CAPTURES_CHARS) throw captureTooLarge(IMPORT_MESSAGES.capturesTooLarge(MAX_CAPTURES_CHARS));
}
