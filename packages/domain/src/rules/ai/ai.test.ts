import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractAiJson, findJsonSlice, parseAiJsonText } from './extract-ai-json.ts';
import { getRequestLimits, REQUEST_LIMITS } from './request-limits.ts';
import { badAnswerRetryWaitMs, exceptionRetryWaitMs, extensionBackoffMs } from './retry-wait.ts';
import { isStuckRequest, nextRequestTime, rateRuleFor, SPEC_RATE_RULE } from './schedule-request.ts';

describe('extractAiJson (batchResults[0].result / processedText)', () => {
  it.each([
    [{ batchResults: [{ result: { a: 1 } }] }, { a: 1 }],
    [{ batchResults: [{ result: '{"a":1}' }] }, { a: 1 }],
    [{ batchResults: [{ processedText: '```json\n{"a": [1, 2]}\n```' }] }, { a: [1, 2] }],
    [{ batchResults: [{ processedText: 'Here you go:\n```\n[{"k":"v"}]\n```\nThanks' }] }, [{ k: 'v' }]],
    [
      { batchResults: [{ processedText: '답변입니다: {"name": "a } b", "n": {"x": 1}} 끝' }] },
      { name: 'a } b', n: { x: 1 } },
    ],
    [{ processedText: '{"top": true}' }, { top: true }],
    [{ result: [1] }, [1]],
    ['{"plain": "string"}', { plain: 'string' }],
    ['"{\\"double\\": 1}"', { double: 1 }],
    [{ batchResults: [{ result: '', processedText: '{"b":2}' }] }, { b: 2 }],
  ])('%#', (answer, expected) => expect(extractAiJson(answer)).toEqual({ ok: true, value: expected }));

  it.each([
    [null, 'aiResponseMissing'],
    [undefined, 'aiResponseMissing'],
    [42, 'aiResponseMissing'],
    ['   ', 'aiResponseMissing'],
    [{ batchResults: [] }, 'aiResponseMissing'],
    [{ batchResults: [{ error: 'boom' }] }, 'aiResponseMissing'],
    [{ batchResults: [{ processedText: 'no json here' }] }, 'aiResponseParseFailed'],
    [{ batchResults: [{ processedText: '{"broken": ' }] }, 'aiResponseParseFailed'],
    ['"just a string"', 'aiResponseParseFailed'],
  ])('fails %#', (answer, code) => {
    const r = extractAiJson(answer);
    expect(r.ok ? null : r.issues[0]?.code).toBe(code);
  });

  it('finds balanced slices', () => {
    expect(findJsonSlice('x {"a": "\\"}"} y')).toBe('{"a": "\\"}"}');
    expect(findJsonSlice('x {]')).toBeNull();
    expect(findJsonSlice('none')).toBeNull();
    expect(findJsonSlice('{"open": 1')).toBeNull();
  });

  it('round-trips any JSON object wrapped in prose and fences', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.constantFrom('', 'Sure! ', '결과:\n'),
        (value, prefix) => {
          const text = JSON.stringify(value);
          const wrapped = [`${prefix}${text}`, `${prefix}\`\`\`json\n${text}\n\`\`\``];
          for (const w of wrapped) {
            const r = parseAiJsonText(w);
            expect(r.ok).toBe(true);
            if (r.ok) expect(r.value).toEqual(JSON.parse(text));
          }
        },
      ),
    );
  });
});

describe('retry waits (Q §8, W §9)', () => {
  it.each([
    [0, 2000, 0, 1000],
    [1, 4000, 2000, 2000],
    [2, 8000, 4000, 4000],
    [3, 16000, 6000, 8000],
    [4, 32000, 8000, 10000],
    [10, 2048000, 20000, 10000],
    [-1, 2000, 0, 1000],
  ])('attempt %s → bad answer %s, exception %s, backoff %s', (attempt, bad, exception, backoff) => {
    expect(badAnswerRetryWaitMs(attempt)).toBe(bad);
    expect(exceptionRetryWaitMs(attempt)).toBe(exception);
    expect(extensionBackoffMs(attempt)).toBe(backoff);
  });
});

describe('request limits per work type (W §9, Q §9)', () => {
  it.each([
    ['SEO', 45000, 2],
    ['SEO_VALIDATION', 30000, 1],
    ['GET_ATTRIBUTE_INFO', 90000, 2],
    ['SIZE_CHART', 60000, 2],
    ['AI_TRANSLATE', 60000, 2],
    ['KOREAN_LABELS', 120000, 2],
    ['KOREAN_LABELS_FALLBACK', 45000, 2],
    ['TRANSLATE_ATTRIBUTES', 60000, 2],
    ['GET_COMMON_OTHER_ATTRIBUTES', 90000, 2],
    ['GET_DIFFERENTIATED_ATTRIBUTES_BATCH_3', 90000, 2],
    ['SINGLE_OPTION_ATTRIBUTES', 90000, 3],
    ['GROUP_DETECTION', 30000, 1],
    ['SOMETHING_ELSE', 60000, 2],
  ])('%s → %s ms, %s retries', (type, timeoutMs, maxRetries) => {
    expect(getRequestLimits(type)).toEqual({ timeoutMs, maxRetries });
  });
  it('is data', () => expect(Object.keys(REQUEST_LIMITS).length).toBeGreaterThan(10));
});

describe('request scheduling (W §9: 12/min, 1 s spacing, window + 2 s)', () => {
  it.each([
    [[], 1000, 1000],
    [[500], 1000, 1500],
    [[0], 5000, 5000],
  ])('%o at %s → %s', (sent, now, expected) => expect(nextRequestTime(sent, now)).toBe(expected));

  it('waits for the window to free plus 2 s when 12 were sent in the last minute', () => {
    const sent = Array.from({ length: 12 }, (_, i) => 10_000 + i * 1000); // 10 s … 21 s
    expect(nextRequestTime(sent, 30_000)).toBe(10_000 + 60_000 + 2000);
    expect(nextRequestTime(sent, 80_000)).toBe(80_000);
    // Any order: the newest first is the same answer.
    expect(nextRequestTime([...sent].reverse(), 30_000)).toBe(10_000 + 60_000 + 2000);
  });

  it('does not add the window wait when the spacing already leaves the window', () => {
    // 12 slots reserved 5.4 s apart ahead of now (100 s … 159.4 s): the next spaced slot, 160.4 s,
    // is already a full window after the 12th newest, so no extra 2 s.
    const reserved = Array.from({ length: 12 }, (_, i) => 100_000 + i * 5400);
    expect(nextRequestTime(reserved, 0)).toBe(160_400);
  });

  it('follows a paid tier (600/min: spacing 100 ms)', () => {
    const rule = rateRuleFor(600);
    expect(rule).toMatchObject({ limit: 600, spacingMs: 100 });
    expect(rateRuleFor(undefined)).toBe(SPEC_RATE_RULE);
    expect(nextRequestTime([1000], 1000, rule)).toBe(1100);
  });

  it('marks stuck and purgeable requests', () => {
    expect(isStuckRequest(0, 300_000)).toBe(false);
    expect(isStuckRequest(0, 300_001)).toBe(true);
    // Waiting for a send slot reserved within the last 5 minutes is not being stuck.
    expect(isStuckRequest(0, 400_000, { scheduledAt: 200_000 })).toBe(false);
    expect(isStuckRequest(0, 400_000, { scheduledAt: 50_000 })).toBe(true);
    expect(isStuckRequest(0, 2000, { stuckAfterMs: 1000 })).toBe(true);
  });
});
