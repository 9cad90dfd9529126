import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ko from './ko.json';

export type Language = 'ko' | 'en';
export const LANGUAGES: readonly Language[] = ['ko', 'en'];
export const LANGUAGE_KEY = 'rr-lang';

function storedLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return v === 'en' ? 'en' : 'ko';
  } catch {
    return 'ko';
  }
}

/** The `lang` cookie makes the server answer its messages in the same language. */
function writeLanguageCookie(lng: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and jsdom
  document.cookie = `lang=${lng}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  resources: { ko: { translation: ko }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'ko',
  interpolation: { escapeValue: false },
  returnNull: false,
});
writeLanguageCookie(i18n.language === 'en' ? 'en' : 'ko');

/** Switches the UI language, remembers it, and tells the server through the `lang` cookie. */
export async function setLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  writeLanguageCookie(lng);
}

export { i18n };
