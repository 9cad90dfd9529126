import { Badge, Tooltip } from '@mantine/core';
import { type FieldSource, type FieldSources, findFieldSource, readFieldSources } from '@rr/domain';
import { useWorkflowT } from '../../shared/workflow/i18n';

const COLOURS: Record<FieldSource, string> = {
  ai: 'violet',
  offline: 'orange',
  seller: 'teal',
  source: 'gray',
  collected: 'blue',
};

/** Where each value of a product came from (doc.fieldSources: dotted path → source | ai | offline | seller). */
export function fieldSourcesOf(product: { fieldSources?: unknown } | null | undefined): FieldSources {
  return readFieldSources(product?.fieldSources);
}

/** The mark that applies to a path (its own or its nearest marked parent), if any. */
export const sourceOf = (sources: FieldSources, path: string) => findFieldSource(sources, path);

/** "AI", "오프라인 데모", "판매자" or "원본" beside a value, with what it means on hover. */
export function SourceBadge({ source }: { source: FieldSource | undefined }) {
  const { t } = useWorkflowT();
  if (!source) return null;
  return (
    <Tooltip label={t(`source.${source}Hint`)} withinPortal openDelay={300}>
      <Badge
        size="xs"
        radius="sm"
        variant="light"
        color={COLOURS[source]}
        tt="none"
        data-source={source}
        component="span"
        style={{ verticalAlign: 'middle' }}
      >
        {t(`source.${source}`)}
      </Badge>
    </Tooltip>
  );
}
