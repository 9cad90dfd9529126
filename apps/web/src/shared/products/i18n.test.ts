import { describe, expect, it } from 'vitest';
import en from './i18n.en.json';
import ko from './i18n.ko.json';

// Key and placeholder parity of every bundle: app/i18n/bundles.test.ts.
describe('products i18n', () => {
  it('keeps the spec’s Korean empty state for images', () => {
    expect(ko.images.notProcessed).toBe('아직 처리되지 않았습니다');
    expect(en.images.notProcessed).toBe('Not processed yet');
  });
});
