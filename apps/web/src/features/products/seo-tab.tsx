import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import {
  formatMessage,
  SEO_KEYWORDS_MAX,
  SEO_NAME_MAX_LENGTH,
  SEO_SCORE_WEIGHTS,
  Seo,
  validateManualSeo,
} from '@rr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, post } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { EditableField } from './editable-field';
import { fieldSourcesOf, SourceBadge, sourceOf } from './field-source';

const lines = (s: string) => s.split('\n').map((x) => x.trim());
const commaList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** SEO (W §3, §5, §9): the name, keywords, description, features, score and option names; edit or enter by hand. */
export function SeoTab({ p }: { p: RocketProduct }) {
  const { t: tp } = useProductsT();
  const { t } = useWorkflowT();
  const parsed = Seo.safeParse(p.seo ?? {});
  const seo = parsed.success ? parsed.data : Seo.parse({});
  const sources = fieldSourcesOf(p);
  const [manual, setManual] = useState(false);
  const hasSeo = seo.productName !== '' || seo.keywords.length > 0;

  return (
    <Stack gap="sm" data-testid="seo-tab">
      {!hasSeo ? (
        <Alert color="gray" variant="light" py={6}>
          {t('seo.empty')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Paper withBorder p="sm">
          <Group justify="space-between" mb={6}>
            <Text fw={700} size="sm">
              {tp('task.seo')}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setManual(true)}
              data-testid="manual-seo"
            >
              {t('seo.manual')}
            </Button>
          </Group>
          <Stack gap={6}>
            <div data-testid="seo-name">
              <EditableField
                productId={p._id}
                path="seo.productName"
                value={seo.productName}
                label={t('seo.name')}
                source={sourceOf(sources, 'seo.productName')}
              />
              <Text size="xs" c={seo.productName.length > SEO_NAME_MAX_LENGTH ? 'red' : 'dimmed'}>
                {t('seo.nameCount', { n: seo.productName.length, max: SEO_NAME_MAX_LENGTH })}
              </Text>
            </div>
            <EditableField
              productId={p._id}
              path="seo.keywords"
              value={seo.keywords}
              label={t('seo.keywords')}
              placeholder={t('seo.keywordsHint', { max: SEO_KEYWORDS_MAX })}
              toSave={commaList}
              source={sourceOf(sources, 'seo.keywords')}
            />
            <Group gap={4} data-testid="seo-keywords">
              {seo.keywords.map((k) => (
                <Badge key={k} size="sm" variant="light" radius="sm" tt="none">
                  {k}
                </Badge>
              ))}
            </Group>
            <EditableField
              productId={p._id}
              path="seo.metaDescription"
              value={seo.metaDescription}
              label={t('seo.description')}
              kind="textarea"
              source={sourceOf(sources, 'seo.metaDescription')}
            />
            <EditableField
              productId={p._id}
              path="seo.features"
              value={seo.features.join('\n')}
              label={t('seo.features')}
              kind="textarea"
              placeholder={t('seo.featuresHint')}
              toSave={(s) => lines(s).filter(Boolean)}
              source={sourceOf(sources, 'seo.features')}
            />
          </Stack>
        </Paper>
        <Stack gap="sm">
          <SeoScore seo={seo} />
          <Paper withBorder p="sm">
            <Text fw={700} size="sm" mb={6}>
              {t('seo.optionNames')}
            </Text>
            <Table fz="xs" verticalSpacing={2} withTableBorder data-testid="seo-options">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={150}>{tp('product.optionNumber')}</Table.Th>
                  <Table.Th>{tp('product.optionKorName')}</Table.Th>
                  <Table.Th w={180}>{t('seo.aiOptionName')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.options.map((o, i) => (
                  <Table.Tr key={o.optionNumber || i}>
                    <Table.Td ff="monospace">{o.optionNumber}</Table.Td>
                    <Table.Td>
                      <EditableField
                        productId={p._id}
                        path={`options.${i}.korName`}
                        value={o.korName}
                        label={`${tp('product.optionKorName')} ${o.optionNumber}`}
                        hideLabel
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {seo.options.find((s) => s.optionNumber === o.optionNumber)?.korName || '—'}{' '}
                        <SourceBadge source={sourceOf(sources, `options.${i}.korName`)} />
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
      </SimpleGrid>
      {manual ? <ManualSeoModal p={p} seo={seo} opened onClose={() => setManual(false)} /> : null}
    </Stack>
  );
}

/** W §9 SEO scoring: the total and each part with its weight. */
function SeoScore({ seo }: { seo: Seo }) {
  const { t } = useWorkflowT();
  if (seo.score === undefined) return null;
  const parts = [
    ['name', t('seo.name')],
    ['keywords', t('seo.keywords')],
    ['description', t('seo.description')],
    ['features', t('seo.features')],
  ] as const;
  const score = Math.round(seo.score);
  return (
    <Paper withBorder p="sm" data-testid="seo-score">
      <Group gap="sm" mb={6}>
        <Text fw={700} size="sm">
          {t('seo.score')}
        </Text>
        <Badge size="lg" color={score >= 80 ? 'green' : score >= 60 ? 'blue' : 'yellow'} variant="filled">
          {score}
        </Badge>
      </Group>
      {seo.scoreBreakdown ? (
        <Stack gap={4} aria-label={t('seo.breakdown')}>
          {parts.map(([key, label]) => {
            const v = Math.round(seo.scoreBreakdown?.[key] ?? 0);
            return (
              <Group key={key} gap={8} wrap="nowrap">
                <Text size="xs" w={120}>
                  {label} ×{SEO_SCORE_WEIGHTS[key]}
                </Text>
                <Progress value={v} size="sm" style={{ flex: 1 }} aria-label={label} />
                <Text size="xs" ff="monospace" w={30} ta="right">
                  {v}
                </Text>
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** Manual SEO entry (W §2, §5): the name is mandatory, blank features are dropped. */
function ManualSeoModal({
  p,
  seo,
  opened,
  onClose,
}: {
  p: RocketProduct;
  seo: Seo;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useWorkflowT();
  const queryClient = useQueryClient();
  const [name, setName] = useState(seo.productName);
  const [keywords, setKeywords] = useState(seo.keywords.join(', '));
  const [description, setDescription] = useState(seo.metaDescription);
  const [features, setFeatures] = useState(seo.features.join('\n'));
  const [nameError, setNameError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => post<{ res: string }>('/api/workflow/manual-seo', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['product', p._id] });
      void queryClient.invalidateQueries({ queryKey: ['products', 'summary'] });
      onClose();
    },
  });
  const submit = () => {
    const input = {
      productName: name,
      keywords: commaList(keywords),
      metaDescription: description,
      features: lines(features),
      options: p.options.map((o) => ({ optionNumber: o.optionNumber, korName: o.korName ?? '' })),
    };
    const checked = validateManualSeo(input);
    if (!checked.ok) {
      setNameError(formatMessage('seoProductNameRequired', {}, i18n.language === 'en' ? 'en' : 'ko'));
      return;
    }
    setNameError(null);
    save.mutate({ productId: p._id, seo: { ...input, features: checked.value.features } });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('seo.manualTitle')} size="lg" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('seo.manualHint')}
          </Text>
          <TextInput
            label={t('seo.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            withAsterisk
            description={t('seo.nameCount', { n: name.length, max: SEO_NAME_MAX_LENGTH })}
            data-testid="manual-seo-name"
          />
          <TextInput
            label={t('seo.keywords')}
            description={t('seo.keywordsHint', { max: SEO_KEYWORDS_MAX })}
            value={keywords}
            onChange={(e) => setKeywords(e.currentTarget.value)}
          />
          <Textarea
            label={t('seo.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Textarea
            label={t('seo.features')}
            description={t('seo.featuresHint')}
            autosize
            minRows={3}
            value={features}
            onChange={(e) => setFeatures(e.currentTarget.value)}
          />
          {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('seo.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="manual-seo-save">
              {t('seo.manualSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
