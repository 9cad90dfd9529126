import { describe, expect, it } from 'vitest';

/**
 * Every translation bundle of the web app, Korean beside English: the same keys, the same
 * {{placeholders}}, and English texts without Hangul. A bundle added anywhere under src/ is checked.
 */
const bundles = import.meta.glob<{ default: object }>(['../../**/i18n.{ko,en}.json', './{ko,en}.json'], {
  eager: true,
});

function entries(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] =>
    v && typeof v === 'object' ? entries(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}
/** English texts that quote Korean on purpose: Coupang's category paths are Korean in every locale. */
const KOREAN_ON_PURPOSE = new Set(['add.pathPlaceholder']);

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const pairs = Object.keys(bundles)
  .filter((file) => /ko\.json$/.test(file))
  .map((koFile) => {
    const enFile = koFile.replace(/ko\.json$/, 'en.json');
    return [koFile, bundles[koFile]?.default, bundles[enFile]?.default] as const;
  });

describe('translation bundles', () => {
  it('finds the bundles (app, products, workflow, dashboard, exports, …)', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(9);
  });

  describe.each(pairs)('%s', (_file, ko, en) => {
    it('has an English twin with exactly the same keys', () => {
      expect(en).toBeDefined();
      expect([...new Map(entries(en ?? {})).keys()].sort()).toEqual(
        [...new Map(entries(ko ?? {})).keys()].sort(),
      );
    });

    it('English texts are English (no Hangul) and keep the same placeholders', () => {
      const k = new Map(entries(ko ?? {}));
      for (const [key, text] of entries(en ?? {})) {
        if (!KOREAN_ON_PURPOSE.has(key)) expect(text, key).not.toMatch(/[\uAC00-\uD7A3]/);
        expect(placeholders(text), key).toEqual(placeholders(k.get(key) ?? ''));
      }
    });
  });
});
