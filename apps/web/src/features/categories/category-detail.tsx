import { Accordion, Alert, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { listPurchaseOptions } from '@rr/domain';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../shared/products/http';
import { getCategorySchema } from './api';
import { useCategoriesT } from './i18n';

/** One category's schema: purchase options, attributes, notice groups, certifications, documents. */
export function CategoryDetail({ code }: { code: number }) {
  const { t } = useCategoriesT();
  const q = useQuery({
    queryKey: ['categories', 'schema', code],
    queryFn: ({ signal }) => getCategorySchema(code, signal),
  });
  if (q.isPending) return <Loader size="sm" />;
  if (q.error)
    return (
      <Alert color="red" py={6}>
        {errorText(q.error)}
      </Alert>
    );
  const data = q.data;
  const schema = data.schema;
  const options = listPurchaseOptions(schema);
  return (
    <Stack gap="sm" data-testid="category-detail">
      <div>
        <Title order={3} size="h5">
          {data.categoryPath.split('>').pop()}
        </Title>
        <Text size="xs" c="dimmed">
          {data.categoryPath.split('>').join(' › ')}
        </Text>
        <Group gap={6} mt={4}>
          <Badge size="sm" variant="outline" ff="monospace">
            {t('detail.code', { code: data.displayCategoryCode })}
          </Badge>
          <Badge
            size="sm"
            variant="light"
            color={data.isCompany ? 'grape' : data.isGeneric ? 'gray' : 'teal'}
          >
            {data.isCompany
              ? t('detail.company')
              : data.isGeneric
                ? t('detail.generic')
                : t('detail.shipped')}
          </Badge>
        </Group>
      </div>

      <div>
        <Text size="sm" fw={700}>
          {t('detail.purchaseOptions')}
        </Text>
        {options.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('detail.noPurchaseOptions')}
          </Text>
        ) : (
          <Group gap={6} mt={4} data-testid="purchase-options">
            {options.map((o) => (
              <Badge key={o.kind === 'single' ? o.name : `g${o.groupNumber}`} color="blue" variant="light">
                {o.kind === 'single' ? o.name : t('detail.group', { names: o.names.join(' / ') })}
              </Badge>
            ))}
          </Group>
        )}
      </div>

      <div>
        <Text size="sm" fw={700}>
          {t('detail.attributes', { n: schema.attributes.length })}
        </Text>
        <Table withTableBorder fz="xs" verticalSpacing={3} striped data-testid="category-attributes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.name')}</Table.Th>
              <Table.Th>{t('detail.kind')}</Table.Th>
              <Table.Th>{t('detail.input')}</Table.Th>
              <Table.Th>{t('detail.unit')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schema.attributes.map((a) => (
              <Table.Tr key={a.name}>
                <Table.Td fw={a.required ? 600 : 400}>{a.name}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge
                      size="xs"
                      variant={a.exposed ? 'light' : 'outline'}
                      color={a.exposed ? 'blue' : 'gray'}
                    >
                      {a.exposed ? t('detail.exposed') : t('detail.filter')}
                    </Badge>
                    <Badge size="xs" variant="outline" color={a.required ? 'red' : 'gray'}>
                      {a.required ? t('detail.required') : t('detail.optional')}
                    </Badge>
                    {a.groupNumber ? (
                      <Badge size="xs" variant="outline" color="orange">
                        {t('detail.groupNo', { n: a.groupNumber })}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td title={a.choices.join(', ')}>
                  {a.inputType === 'SELECT' && a.choices.length
                    ? `${t('detail.select', { n: a.choices.length })}: ${a.choices.slice(0, 6).join(', ')}${a.choices.length > 6 ? ' …' : ''}`
                    : `${t('detail.free')} (${a.dataType})`}
                </Table.Td>
                <Table.Td>
                  {[a.basicUnit, ...a.usableUnits.filter((u) => u !== a.basicUnit)]
                    .filter(Boolean)
                    .join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>

      <div>
        <Text size="sm" fw={700}>
          {t('detail.notices', { n: schema.noticeCategories.length })}
        </Text>
        <Accordion variant="contained" multiple data-testid="category-notices">
          {schema.noticeCategories.map((c) => (
            <Accordion.Item key={c.name} value={c.name}>
              <Accordion.Control>
                <Text size="sm">
                  {c.name}{' '}
                  <Text span size="xs" c="dimmed">
                    {t('detail.items', { n: c.items.length })}
                  </Text>
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="xs">{c.items.map((i) => i.name).join(' · ')}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </div>

      <div>
        <Text size="sm" fw={700}>
          {t('detail.certifications', { n: schema.certifications.length })}
        </Text>
        <Table withTableBorder fz="xs" verticalSpacing={2} data-testid="category-certifications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.certName')}</Table.Th>
              <Table.Th>{t('detail.certType')}</Table.Th>
              <Table.Th>{t('detail.certRequired')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schema.certifications.map((c) => (
              <Table.Tr key={c.type}>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td ff="monospace">{c.type}</Table.Td>
                <Table.Td>{c.required}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>

      {schema.requiredDocuments.length ? (
        <div>
          <Text size="sm" fw={700}>
            {t('detail.documents')}
          </Text>
          <Text size="xs">
            {schema.requiredDocuments.map((d) => `${d.templateName} (${d.required})`).join(' · ')}
          </Text>
        </div>
      ) : null}
      <div>
        <Text size="sm" fw={700}>
          {t('detail.requiredFields')}
        </Text>
        <Text size="xs">{schema.requiredFields.map((f) => f.title).join(' · ')}</Text>
      </div>
    </Stack>
  );
}
