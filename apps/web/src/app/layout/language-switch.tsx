import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';

/** 한국어 / English, remembered and sent to the server as the `lang` cookie. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('topbar.language')}
      value={i18n.language === 'en' ? 'en' : 'ko'}
      onChange={(v) => void setLanguage(v === 'en' ? 'en' : 'ko')}
      data={[
        { value: 'ko', label: '한국어' },
        { value: 'en', label: 'English' },
      ]}
    />
  );
}
