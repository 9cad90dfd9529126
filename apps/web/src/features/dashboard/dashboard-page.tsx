import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess } from '../../app/guard';
import { useSession } from '../../app/session';
import { taskLabels } from '../../app/task-labels';
import { Carousel } from '../../ui/carousel';
import { WorkOverview } from './work-overview';

function formatDate(value: string | null, locale: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? null
    : d.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** The dashboard: who is signed in, the account's grade/expiry/slots, and where to start. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const locale = i18n.language === 'en' ? 'en-US' : 'ko-KR';
  const noDate = t('dashboard.noDate');
  const canRocket = canAccess('AIRocketReg', user);
  const canProducts = canAccess('listproduct', user);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('dashboard.greeting', { name: user.name })}
          </Title>
          {user.companyName && <Text c="dimmed">{user.companyName}</Text>}
        </Stack>
        <Badge size="lg" variant="light">
          {user.grade}
        </Badge>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <Text fw={700} mb="sm">
          {t('dashboard.account')}
        </Text>
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="lg">
          <Stat label={t('dashboard.grade')} value={user.grade} />
          <Stat label={t('dashboard.expireDate')} value={formatDate(user.expireDate, locale) ?? noDate} />
          <Stat label={t('dashboard.nextPayment')} value={formatDate(user.nextpayment, locale) ?? noDate} />
          <Stat
            label={t('dashboard.slots')}
            value={t('dashboard.slotsValue', { slots: user.rocketRegSlot.toLocaleString(locale) })}
          />
          <Stat label={t('dashboard.supplierCode')} value={user.suppliercode ?? t('common.none')} />
        </SimpleGrid>
      </Card>

      {canRocket ? <WorkOverview /> : null}

      <Stack gap="xs">
        <Text fw={700}>{t('dashboard.start')}</Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {canRocket && (
            <Card withBorder radius="md" padding="lg">
              <Text fw={700} size="lg">
                {t('routes.AIRocketReg')}
              </Text>
              <Text size="sm" c="dimmed" mt={4} mb="md">
                {t('dashboard.rocketRegBody')}
              </Text>
              <Button component={Link} to="/AIRocketReg" w="fit-content">
                {t('dashboard.rocketReg')}
              </Button>
            </Card>
          )}
          {canProducts && (
            <Card withBorder radius="md" padding="lg">
              <Text fw={700} size="lg">
                {t('routes.listproduct')}
              </Text>
              <Text size="sm" c="dimmed" mt={4} mb="md">
                {t('dashboard.productsBody')}
              </Text>
              <Button component={Link} to="/listproduct" variant="light" w="fit-content">
                {t('dashboard.products')}
              </Button>
            </Card>
          )}
        </SimpleGrid>
      </Stack>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Text fw={700}>{t('dashboard.steps')}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {t('dashboard.stepsBody')}
          </Text>
          <Group gap={6}>
            {taskLabels(i18n.language).map((task, i) => (
              <Badge key={task} variant="outline" color="gray" size="lg" radius="sm">
                {i + 1}. {task}
              </Badge>
            ))}
          </Group>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text fw={700} mb="xs">
            {t('dashboard.recentAccess')}
          </Text>
          {user.accesshistory.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('dashboard.noAccess')}
            </Text>
          ) : (
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.at')}</Table.Th>
                  <Table.Th>{t('dashboard.event')}</Table.Th>
                  <Table.Th>{t('dashboard.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.accesshistory.slice(0, 5).map((h) => (
                  <Table.Tr key={`${h.at}-${h.event}`}>
                    <Table.Td>{new Date(h.at).toLocaleString(locale)}</Table.Td>
                    <Table.Td>{t(`dashboard.events.${h.event}`, { defaultValue: h.event })}</Table.Td>
                    <Table.Td>{h.ip ?? '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Carousel
          label={t('dashboard.tips')}
          slides={(['one', 'two', 'three'] as const).map((k) => (
            <Card key={k} bg="var(--mantine-color-default-hover)" padding="md" radius="sm" h="100%">
              <Text fw={600}>{t(`tips.${k}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`tips.${k}.body`)}
              </Text>
            </Card>
          ))}
        />
      </Card>
    </Stack>
  );
}
