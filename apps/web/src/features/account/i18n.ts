import { useTranslation } from 'react-i18next';
import en from './i18n.en.json';
import ko from './i18n.ko.json';

/** The account and profile screens' namespace (issue 42), ko default, en. */
export const NS = 'account';

export function useAccountT() {
  const { i18n } = useTranslation();
  if (i18n && typeof i18n.hasResourceBundle === 'function') {
    if (!i18n.hasResourceBundle('ko', NS)) i18n.addResourceBundle('ko', NS, ko, true, false);
    if (!i18n.hasResourceBundle('en', NS)) i18n.addResourceBundle('en', NS, en, true, false);
  }
  return useTranslation(NS);
}
