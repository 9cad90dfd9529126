import { useTranslation } from 'react-i18next';
import en from './i18n.en.json';
import ko from './i18n.ko.json';

/** The sales screens' own namespace, added to the shell's i18next instance (ko default, en). */
export const NS = 'sales';

export function useSalesT() {
  const { i18n } = useTranslation();
  if (i18n && typeof i18n.hasResourceBundle === 'function') {
    if (!i18n.hasResourceBundle('ko', NS)) i18n.addResourceBundle('ko', NS, ko, true, false);
    if (!i18n.hasResourceBundle('en', NS)) i18n.addResourceBundle('en', NS, en, true, false);
  }
  return useTranslation(NS);
}
