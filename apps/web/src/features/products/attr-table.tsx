import { Group, Table, Text } from '@mantine/core';
import type { Attribute, CategorySchema, FieldSources } from '@rr/domain';
import { useProductsT } from '../../shared/products/i18n';
import { EditableField } from './editable-field';
import { SourceBadge, sourceOf } from './field-source';
import { DropdownField, SourceText } from './quotation-panel';

export type SchemaAttr = Pick<CategorySchema['attributes'][number], 'name' | 'inputType' | 'choices'>;

/** A list of document attributes: a dropdown where the category schema gives choices, else a text field. */
export function AttrTable({
  title,
  attrs,
  productId,
  basePath,
  keyPrefix,
  sources,
  schemaAttrs,
  sourceText,
}: {
  title: string;
  attrs: readonly Attribute[];
  productId: string;
  basePath: string;
  keyPrefix: string;
  sources: FieldSources;
  schemaAttrs: ReadonlyMap<string, SchemaAttr>;
  sourceText: (name: string) => string | undefined;
}) {
  const { t } = useProductsT();
  return (
    <div>
      <Text size="xs" c="dimmed" mb={2}>
        {title} ({attrs.length})
      </Text>
      {attrs.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('product.none')}
        </Text>
      ) : (
        <Table fz="xs" verticalSpacing={1}>
          <Table.Tbody>
            {attrs.map((a, k) => {
              const path = `${basePath}.${k}.attributeValue`;
              const spec = a.attributeName ? schemaAttrs.get(a.attributeName) : undefined;
              const source = sourceOf(sources, path);
              const label = `${title} ${a.attributeName ?? ''}`;
              return (
                <Table.Tr key={`${keyPrefix}-${a.attributeName ?? k}`} data-attribute={a.attributeName}>
                  <Table.Td w="35%" c="dimmed">
                    {a.attributeName}
                  </Table.Td>
                  <Table.Td>
                    {spec?.inputType === 'SELECT' && spec.choices.length > 0 ? (
                      <DropdownField
                        // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                        key={`${keyPrefix}-${k}`}
                        productId={productId}
                        path={path}
                        value={a.attributeValue}
                        label={label}
                        choices={spec.choices}
                        source={source}
                      />
                    ) : (
                      <Group gap={4} wrap="nowrap" align="center">
                        <div style={{ flex: 1 }}>
                          <EditableField
                            // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                            key={`${keyPrefix}-${k}`}
                            productId={productId}
                            path={path}
                            value={a.attributeValue}
                            label={label}
                            hideLabel
                          />
                        </div>
                        <SourceBadge source={source} />
                      </Group>
                    )}
                    {source === 'ai' || source === 'offline' ? (
                      <SourceText text={a.attributeName ? sourceText(a.attributeName) : undefined} />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
