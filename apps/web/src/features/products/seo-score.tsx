import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { SEO_SCORE_WEIGHTS, type Seo } from '@rr/domain';
import { useWorkflowT } from '../../shared/workflow/i18n';

/** W §9 SEO scoring: the total and each part with its weight. */
export function SeoScore({ seo }: { seo: Seo }) {
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
