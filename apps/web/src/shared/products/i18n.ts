import { TASK_REGISTRY } from '@rr/domain';
import { useTranslation } from 'react-i18next';
import enTexts from './i18n.en.json';
import koTexts from './i18n.ko.json';

/** Task names (`task.<name>`, `taskShort.<name>`) come from the domain's task registry. */
const taskTexts = (lang: 'ko' | 'en') => ({
  task: Object.fromEntries(TASK_REGISTRY.map((t) => [t.name, t.label[lang]])),
  taskShort: Object.fromEntries(TASK_REGISTRY.map((t) => [t.name, t.shortLabel[lang]])),
});
const ko = { ...koTexts, ...taskTexts('ko') };
const en = { ...enTexts, ...taskTexts('en') };

/** The products screens' own namespace, added to whatever i18next instance the shell provides. */
export const NS = 'products';

export function useProductsT() {
  const { i18n } = useTranslation();
  if (i18n && typeof i18n.hasResourceBundle === 'function') {
    if (!i18n.hasResourceBundle('ko', NS)) i18n.addResourceBundle('ko', NS, ko, true, false);
    if (!i18n.hasResourceBundle('en', NS)) i18n.addResourceBundle('en', NS, en, true, false);
  }
  return useTranslation(NS);
}
