import { afterEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_KEY, setLanguage } from './index';

afterEach(async () => {
  await setLanguage('ko');
});

describe('i18n', () => {
  it('Korean is the default', () => {
    expect(i18n.language).toBe('ko');
    expect(i18n.t('routes.AIRocketReg')).toBe('AI 로켓 등록');
  });

  it('switching to English is remembered and sent to the server as the lang cookie', async () => {
    await setLanguage('en');
    expect(i18n.t('comingSoon.title')).toBe('Coming soon');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(document.cookie).toContain('lang=en');
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('ko');
    expect(document.cookie).toContain('lang=ko');
  });
});
