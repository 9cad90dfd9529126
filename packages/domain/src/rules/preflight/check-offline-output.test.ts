import { describe, expect, it } from 'vitest';
import { checkOfflineOutput } from './check-offline-output.ts';

describe('checkOfflineOutput (issue 20: offline demo output is flagged at export)', () => {
  it.each([
    [{}, null],
    [{ 'seo.productName': 'ai', productName: 'seller', 'options.0.optionPrice': 'source' }, null],
  ] as const)('%o → no finding', (sources, expected) => {
    expect(checkOfflineOutput(sources)).toBe(expected);
  });

  it('warns once, naming where the offline values are', () => {
    const f = checkOfflineOutput({
      seo: 'offline',
      'coupangDoc.jsonDocument.0.productPage.brand': 'seller',
      koreanLabels: 'offline',
    });
    expect(f).toMatchObject({
      rule: 'offlineAiOutput',
      severity: 'warning',
      field: 'koreanLabels',
      optionIndex: null,
    });
    expect(f?.message.ko).toContain('오프라인 데모 AI가 작성한 값이 있습니다');
    expect(f?.message.ko).toContain('2개: koreanLabels, seo');
  });

  it('shortens a long list of paths', () => {
    const sources = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}`, 'offline' as const]));
    expect(checkOfflineOutput(sources)?.message.ko).toContain('8개: f0, f1, f2, f3, f4 …');
  });
});
