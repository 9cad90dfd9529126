import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import { SEO_KEYWORDS_MAX, SEO_NAME_MAX_LENGTH } from '@rr/domain';
import { useState } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { CoupangFieldReason } from '../coupang/coupang-field-reason';
import { EditableField } from './editable-field';
import { fieldSourcesOf, sourceOf } from './field-source';
import { ManualSeoModal } from './manual-seo-modal';
import { SeoOptionsTable } from './seo-options-table';
import { SeoScore } from './seo-score';
import { commaList, lines, seoOf } from './seo-state';

/** SEO (W §3, §5, §9): the name, keywords, description, features, score and option names; edit or enter by hand. */
export function SeoTab({ p }: { p: RocketProduct }) {
  const { t: tp } = useProductsT();
  const { t } = useWorkflowT();
  const seo = seoOf(p);
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
              <CoupangFieldReason registration={p.coupangRegistration} field="name" />
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
          <SeoOptionsTable p={p} seo={seo} sources={sources} />
        </Stack>
      </SimpleGrid>
      {manual ? <ManualSeoModal p={p} seo={seo} opened onClose={() => setManual(false)} /> : null}
    </Stack>
  );
}
