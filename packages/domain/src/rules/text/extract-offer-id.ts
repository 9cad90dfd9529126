import { fail, issue, ok, type Result } from '../../result.ts';

const PATTERNS: readonly RegExp[] = [
  /1688\.com\/offer\/(\d+)(?:\.html)?/i,
  /[?&#](?:offerId|offer_id|id)=(\d+)/i,
  /(?:^|\/)(\d+)\.html(?:[?#].*)?$/i,
  /^(\d+)$/,
];

/** W §5: the 1688 offer id from a link, a `.html` suffix or a plain number; else 상품 ID를 추출할 수 없습니다. */
export function extractOfferId(input: string | null | undefined): Result<string> {
  const text = (input ?? '').trim();
  for (const pattern of PATTERNS) {
    const id = pattern.exec(text)?.[1];
    if (id) return ok(id);
  }
  return fail([issue('offerIdNotFound')]);
}
