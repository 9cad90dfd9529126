import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { ROUTE_FLAGS } from '@rr/domain';
import { useTranslation } from 'react-i18next';
import { routeLabelKey } from '../../app/layout/sidebar';
import { MAIN_ROUTE_GROUPS } from '../../app/route-catalog';
import { TitleSection } from '../../ui/title-section';
import { useTeamT } from './i18n';

/**
 * /user-auth-manager: every route group with its screens and the flag that opens each (the domain's
 * route table, the one the server and the guard check), issue 42.
 */
export default function FlagTablePage() {
  const { t } = useTeamT();
  const { t: tApp } = useTranslation();
  return (
    <Stack gap="md">
      <TitleSection title={t('flagTable.title')} description={t('flagTable.intro')} />
      <Table striped withTableBorder fz="sm" data-testid="flag-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('flagTable.colGroup')}</Table.Th>
            <Table.Th>{t('flagTable.colRoute')}</Table.Th>
            <Table.Th>{t('flagTable.colFlags')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {MAIN_ROUTE_GROUPS.flatMap((group) =>
            group.routes.map((route, i) => {
              const flags = ROUTE_FLAGS[route] ?? [];
              return (
                <Table.Tr key={route} data-testid={`flag-row-${route}`}>
                  <Table.Td>{i === 0 ? <b>{tApp(`nav.groups.${group.id}`)}</b> : null}</Table.Td>
                  <Table.Td>
                    {tApp(routeLabelKey(route))}{' '}
                    <Text span c="dimmed" size="xs">
                      /{route}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {flags.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('flagTable.openToAll')}
                      </Text>
                    ) : (
                      <Group gap={4}>
                        {flags.map((flag) => (
                          <Badge key={flag} size="xs" variant="outline" tt="none">
                            {t(`flags.${flag}`)} ({flag})
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
