import { List, Paper, Text } from '@mantine/core';
import {
  CategorySchema,
  checkDocumentAgainstSchema,
  formatMessage,
  type RegistrationDocument,
} from '@rr/domain';
import { useMemo } from 'react';
import { useProductsT } from '../../shared/products/i18n';

/** Where a schema finding's path points, in the seller's words (the field to fix). */
const FIELD_KEYS: [RegExp, string][] = [
  [/exposedAttributes/, 'product.exposed'],
  [/unexposedAttributes/, 'product.unexposed'],
  [/notices/, 'product.notices'],
  [/certificates/, 'product.certificates'],
];

export function fieldKeyOf(path: string | undefined): string | null {
  if (!path) return null;
  return FIELD_KEYS.find(([re]) => re.test(path))?.[1] ?? null;
}

/**
 * Issue 20 / Q §5: one option's document checked against the category schema (missing required
 * attributes, attribute order, Chinese characters), each finding with the field to fix. Computed from
 * the document on screen, so a fix shows at once.
 */
export function SchemaFindings({
  doc,
  schemaInfo,
  optionPosition,
}: {
  doc: RegistrationDocument;
  /** The product's stored category schema (rocketRegInfo.schemaInfo), read with the domain's parser. */
  schemaInfo: unknown;
  /** 1-based position of the option (the spec's "option N"). */
  optionPosition: number;
}) {
  const { t, i18n } = useProductsT();
  const schema = useMemo(() => {
    const parsed = CategorySchema.safeParse(schemaInfo);
    return parsed.success ? parsed.data : undefined;
  }, [schemaInfo]);
  if (!schema) return null;
  const findings = checkDocumentAgainstSchema(doc, schema, optionPosition);
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  return (
    <Paper withBorder p="sm" data-testid="schema-findings">
      <Text fw={700} size="sm" mb={6}>
        {t('product.schemaCheck')}
      </Text>
      {findings.length === 0 ? (
        <Text size="sm" c="green" data-testid="schema-ok">
          {t('product.schemaOk')}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {findings.map((f) => {
            const field = fieldKeyOf(f.path);
            return (
              <List.Item key={`${f.code}-${f.path ?? ''}`} c="red" data-code={f.code} data-path={f.path}>
                {formatMessage(f.code, f.params, lang)}
                {field ? ` — ${t('product.fixField', { field: t(field) })}` : ''}
              </List.Item>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
