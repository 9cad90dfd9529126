import { Stack, Text } from '@mantine/core';
import type { CoupangReasonField } from '@rr/domain';
import { deniedReasonsFor, type RegistrationReasons } from './field-reasons';
import { useCoupangT } from './i18n';

/** Coupang's denial reasons about one field, as a small red note next to that field's editor. */
export function CoupangFieldReason({
  registration,
  field,
}: {
  registration: RegistrationReasons | null | undefined;
  field: CoupangReasonField;
}) {
  const { t } = useCoupangT();
  const texts = deniedReasonsFor(registration, field);
  if (texts.length === 0) return null;
  return (
    <Stack gap={0} role="note" data-testid="coupang-field-reason" data-field={field}>
      {texts.map((text) => (
        <Text key={text} size="xs" c="red">
          {t('fieldReason')}: {text}
        </Text>
      ))}
    </Stack>
  );
}
