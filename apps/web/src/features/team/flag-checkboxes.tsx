import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { ASSIGNABLE_FLAGS, routesOpenedBy } from '@rr/domain';
import { useTranslation } from 'react-i18next';
import { routeLabelKey } from '../../app/layout/sidebar';
import { routeNameOf } from '../../app/route-catalog';
import { useTeamT } from './i18n';

/** The screens a flag opens, by their menu names. */
export function useScreensOf() {
  const { t } = useTranslation();
  return (flag: string) =>
    routesOpenedBy(flag)
      .map((route) => routeNameOf(route))
      .filter((name) => name !== null)
      .map((name) => t(routeLabelKey(name)))
      .join(', ');
}

/** Every flag of the route table as a checkbox, with the screens it opens (issue 42). */
export function FlagCheckboxes({
  value,
  onChange,
  disabled = false,
}: {
  value: Readonly<Record<string, boolean>>;
  onChange: (flag: string, on: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTeamT();
  const screensOf = useScreensOf();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
      {ASSIGNABLE_FLAGS.map((flag) => (
        <Checkbox
          key={flag}
          size="xs"
          disabled={disabled}
          checked={value[flag] === true}
          onChange={(e) => onChange(flag, e.currentTarget.checked)}
          data-testid={`flag-${flag}`}
          label={
            <Text size="xs" span>
              <b>{t(`flags.${flag}`)}</b>{' '}
              <Text span c="dimmed" size="xs">
                ({flag})
              </Text>
            </Text>
          }
          description={screensOf(flag)}
        />
      ))}
    </SimpleGrid>
  );
}

/** A user's flags as short labels. */
export function flagList(flags: Readonly<Record<string, boolean>>): string[] {
  return ASSIGNABLE_FLAGS.filter((flag) => flags[flag] === true);
}
