import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useColorSchemeToggle } from '../color-scheme';

/** The dark/light switch (spec §2): a `dark` class on body, remembered across reloads. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { scheme, toggle } = useColorSchemeToggle();
  const label = scheme === 'dark' ? t('topbar.lightMode') : t('topbar.darkMode');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={toggle}
        aria-label={label}
        aria-pressed={scheme === 'dark'}
        data-testid="color-scheme-toggle"
      >
        <span aria-hidden style={{ fontSize: 16 }}>
          {scheme === 'dark' ? '☀' : '☾'}
        </span>
      </ActionIcon>
    </Tooltip>
  );
}
