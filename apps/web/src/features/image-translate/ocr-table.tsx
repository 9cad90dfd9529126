import { Badge, Box, NativeSelect, NumberInput, Table, Text, Textarea, Tooltip } from '@mantine/core';
import { TEXT_ALIGNS } from '@rr/domain';
import { useEffect, useRef } from 'react';
import { useImageT } from './i18n';
import classes from './image-translate.module.css';
import type { OcrItem } from './ocr-logic';

type Props = {
  items: OcrItem[];
  changed: ReadonlySet<number>;
  active: number | null;
  /** Set when a box on the image was clicked: the row scrolls into view and its input takes focus (again for each new `seq`). */
  focus: { index: number; seq: number } | null;
  onHover: (index: number | null) => void;
  onChange: (index: number, patch: Partial<Pick<OcrItem, 'target' | 'font_size' | 'align'>>) => void;
  disabled?: boolean;
};

/** The recognised lines: source, editable Korean, font size and alignment. */
export function OcrTable({ items, changed, active, focus, onHover, onChange, disabled }: Props) {
  const { t } = useImageT();
  const inputs = useRef(new Map<number, HTMLTextAreaElement>());

  useEffect(() => {
    if (focus == null) return;
    const el = inputs.current.get(focus.index);
    el?.scrollIntoView({ block: 'nearest' });
    el?.focus();
  }, [focus]);

  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {t('ocr.empty')}
      </Text>
    );
  }

  return (
    <Box style={{ maxHeight: 420, overflow: 'auto' }}>
      <Table stickyHeader verticalSpacing={4} horizontalSpacing="xs" fz="sm" highlightOnHover>
        <caption
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {t('ocr.caption')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>{t('ocr.index')}</Table.Th>
            <Table.Th w="30%">{t('ocr.source')}</Table.Th>
            <Table.Th>{t('ocr.target')}</Table.Th>
            <Table.Th w={92}>{t('ocr.fontSize')}</Table.Th>
            <Table.Th w={100}>{t('ocr.align')}</Table.Th>
            <Table.Th w={80} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => {
            const n = i + 1;
            const kept = item.translate === false;
            return (
              <Table.Tr
                // biome-ignore lint/suspicious/noArrayIndexKey: OCR lines have no id; their order is fixed
                key={i}
                className={active === i ? classes.rowActive : undefined}
                onMouseEnter={() => onHover(i)}
                onMouseLeave={() => onHover(null)}
                data-testid="ocr-row"
              >
                <Table.Td fw={700}>{n}</Table.Td>
                <Table.Td>
                  <Text size="sm" lang="zh" data-testid="ocr-source">
                    {item.source}
                  </Text>
                  {item.line_count > 1 && (
                    <Text size="xs" c="dimmed">
                      {t('ocr.lines', { count: item.line_count })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Textarea
                    ref={(el) => {
                      if (el) inputs.current.set(i, el);
                      else inputs.current.delete(i);
                    }}
                    aria-label={t('ocr.targetLabel', { n })}
                    value={item.target}
                    autosize
                    minRows={1}
                    maxRows={4}
                    size="xs"
                    lang="ko"
                    disabled={disabled}
                    onFocus={() => onHover(i)}
                    onChange={(e) => onChange(i, { target: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('ocr.fontSizeLabel', { n })}
                    value={item.font_size}
                    min={8}
                    max={200}
                    size="xs"
                    disabled={disabled}
                    onChange={(v) => {
                      const num = typeof v === 'number' ? v : Number(v);
                      if (Number.isFinite(num) && num > 0) onChange(i, { font_size: num });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={t('ocr.alignLabel', { n })}
                    value={item.align}
                    size="xs"
                    disabled={disabled}
                    data={[
                      { value: 'left', label: t('ocr.left') },
                      { value: 'center', label: t('ocr.center') },
                      { value: 'right', label: t('ocr.right') },
                    ]}
                    onChange={(e) => {
                      const align = TEXT_ALIGNS.find((a) => a === e.currentTarget.value);
                      if (align) onChange(i, { align });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  {changed.has(i) ? (
                    <Badge size="xs" color="orange" variant="light">
                      {t('ocr.edited')}
                    </Badge>
                  ) : kept ? (
                    <Tooltip label={t('ocr.keptHint')} multiline w={220}>
                      <Badge size="xs" color="gray" variant="outline">
                        {t('ocr.kept')}
                      </Badge>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
