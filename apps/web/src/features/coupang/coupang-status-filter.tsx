import { Select } from '@mantine/core';
import { COUPANG_FILTER_VALUES } from './coupang-status';
import { useCoupangT } from './i18n';

type Value = (typeof COUPANG_FILTER_VALUES)[number];

/** The registration table's filter by the registration on Coupang. */
export function CoupangStatusFilter({
  value,
  onChange,
  className,
}: {
  value: Value | null;
  onChange: (value: Value | null) => void;
  className?: string;
}) {
  const { t } = useCoupangT();
  return (
    <Select
      size="xs"
      w={200}
      aria-label={t('filter')}
      leftSection={<span className={className}>{t('filter')}</span>}
      leftSectionWidth={72}
      placeholder={t('filterAny')}
      clearable
      data={COUPANG_FILTER_VALUES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      value={value}
      onChange={(v) => onChange(COUPANG_FILTER_VALUES.find((s) => s === v) ?? null)}
      data-testid="coupang-filter"
    />
  );
}
