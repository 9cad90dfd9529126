import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import { useProductsT } from '../../shared/products/i18n';
import type { ReviewLine } from './image-review';

/** The OCR lines of the reviewed image: the source, the Korean (editable when translated), protected. */
export function ReviewLinesTable({
  lines,
  edits,
  marks,
  onEdit,
  onToggle,
}: {
  lines: readonly ReviewLine[];
  edits: Readonly<Record<number, string>>;
  marks: ReadonlySet<number>;
  onEdit: (index: number, text: string) => void;
  onToggle: (index: number) => void;
}) {
  const { t } = useProductsT();
  if (!lines.length)
    return (
      <Text size="sm" c="dimmed">
        {t('images.noLines')}
      </Text>
    );
  return (
    <Table fz="sm" verticalSpacing={2} withTableBorder data-testid="review-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={32}>#</Table.Th>
          <Table.Th>{t('images.lineSource')}</Table.Th>
          <Table.Th>{t('images.lineKorean')}</Table.Th>
          <Table.Th w={64}>{t('images.lineProtect')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <Table.Tr key={i} data-testid="review-line">
            <Table.Td>{i + 1}</Table.Td>
            <Table.Td lang="zh">{l.source}</Table.Td>
            <Table.Td>
              {l.translate ? (
                <TextInput
                  size="xs"
                  aria-label={t('images.lineKoreanLabel', { n: i + 1 })}
                  value={edits[i] ?? l.target}
                  maxLength={500}
                  onChange={(e) => onEdit(i, e.currentTarget.value)}
                />
              ) : (
                <Text size="xs" c="dimmed">
                  {l.target} · {t('images.lineKept')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={t('images.lineProtectLabel', { n: i + 1 })}
                checked={marks.has(i)}
                onChange={() => onToggle(i)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
