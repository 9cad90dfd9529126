import { ActionIcon, Button, Group, NumberInput, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import type { FieldSource } from '@rr/domain';
import { type ReactNode, useId } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import { SourceBadge } from './field-source';
import { useEditableField } from './use-editable-field';

type Kind = 'text' | 'number' | 'textarea';

/**
 * One field of the product, saved with a partial update on Enter or when it loses focus.
 * What the seller typed stays in the field (and in the tab's session storage) until the server took it;
 * a failure is shown under the field with a retry.
 */
export function EditableField({
  productId,
  path,
  value,
  label,
  kind = 'text',
  width,
  hideLabel = false,
  placeholder,
  toSave,
  source,
}: {
  productId: string;
  path: string;
  value: unknown;
  label: string;
  kind?: Kind;
  width?: number | string;
  hideLabel?: boolean;
  placeholder?: string;
  /** Converts the typed text to the stored value (e.g. a number). */
  toSave?: (text: string) => unknown;
  /** Where the stored value came from (doc.fieldSources): shown beside the label. */
  source?: FieldSource | undefined;
}) {
  const { t } = useProductsT();
  const field = useEditableField({ productId, path, value, kind, toSave, source });
  const { state } = field;
  const id = useId();
  const save = () => void field.save();

  const common = {
    id,
    label: hideLabel ? undefined : source ? (
      <span>
        {label} <SourceBadge source={source} />
      </span>
    ) : (
      label
    ),
    'aria-label': label,
    size: 'xs' as const,
    w: width,
    value: state.text,
    placeholder,
    error: state.status === 'error' ? state.error : undefined,
    'data-path': path,
    onBlur: save,
    description: field.hint,
  };

  return (
    <div>
      {kind === 'textarea' ? (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(e) => field.setText(e.currentTarget.value)}
        />
      ) : kind === 'number' ? (
        <NumberInput
          {...common}
          thousandSeparator=","
          hideControls
          onChange={(v) => field.setText(v === '' ? '' : String(v))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
        />
      ) : (
        <TextInput
          {...common}
          onChange={(e) => field.setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            if (e.key === 'Escape') field.setText(field.stored);
          }}
        />
      )}
      {state.status === 'error' ? (
        <Group gap={4} mt={2}>
          <Button size="compact-xs" variant="light" color="red" onClick={save}>
            {t('product.retry')}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}

/** A read-only value with a label, dense. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

export function CopyButton({ text }: { text: string }) {
  return (
    <Tooltip label={text}>
      <ActionIcon
        size="xs"
        variant="subtle"
        onClick={() => void navigator.clipboard?.writeText(text)}
        aria-label={text}
      >
        ⧉
      </ActionIcon>
    </Tooltip>
  );
}
