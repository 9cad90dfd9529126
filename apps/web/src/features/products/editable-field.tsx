import { ActionIcon, Button, Group, NumberInput, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import type { RocketProduct } from '@rr/contracts';
import type { FieldSource } from '@rr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { updatePartial } from '../../shared/products/api';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { SourceBadge } from './field-source';

type Kind = 'text' | 'number' | 'textarea';

const draftKey = (productId: string, path: string) => `rr-draft:${productId}:${path}`;

function readDraft(productId: string, path: string): string | null {
  try {
    return sessionStorage.getItem(draftKey(productId, path));
  } catch {
    return null;
  }
}
function writeDraft(productId: string, path: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(draftKey(productId, path));
    else sessionStorage.setItem(draftKey(productId, path), value);
  } catch {
    // storage unavailable: the draft lives in the field only
  }
}

/** Sets `a.b.0.c` on a copy of the product, so the page shows what was saved without a reload. */
export function setPath<T>(doc: T, path: string, value: unknown): T {
  const parts = path.split('.');
  const root: unknown = structuredClone(doc);
  let cur = root as Record<string, unknown>;
  for (let i = 0; i < parts.length - 1; i++) {
    const k = parts[i] as string;
    const nextIsIndex = /^\d+$/.test(parts[i + 1] as string);
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = nextIsIndex ? [] : {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1] as string] = value;
  return root as T;
}

export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

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
  const { t, i18n } = useProductsT();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const stored =
    value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  const [text, setText] = useState<string>(() => readDraft(productId, path) ?? stored);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>(() =>
    readDraft(productId, path) !== null ? 'error' : 'idle',
  );
  const [error, setError] = useState<string | null>(() =>
    readDraft(productId, path) !== null ? t('product.saveFailed', { message: '' }) : null,
  );
  const dirty = text !== stored;
  const lastStored = useRef(stored);
  const id = useId();

  // The stored value changed under us (another save, a reload): follow it unless the seller is typing.
  useEffect(() => {
    if (lastStored.current !== stored) {
      lastStored.current = stored;
      if (readDraft(productId, path) === null) setText(stored);
    }
  }, [stored, productId, path]);

  async function save() {
    if (!dirty) return;
    const saveValue = toSave ? toSave(text) : kind === 'number' ? (text === '' ? null : Number(text)) : text;
    writeDraft(productId, path, text);
    setState('saving');
    setError(null);
    try {
      const res = await updatePartial(productId, { [path]: saveValue });
      writeDraft(productId, path, null);
      // The document rules may store something else than was typed: show what was stored and why.
      const change = res.normalized?.find((c) => c.path === path);
      const storedValue = change ? change.stored : saveValue;
      const storedText =
        storedValue === null || storedValue === undefined
          ? ''
          : Array.isArray(storedValue)
            ? storedValue.join(', ')
            : String(storedValue);
      lastStored.current = change ? storedText : text;
      if (change) setText(storedText);
      setNote(
        change ? `${change.reason[i18n.language === 'en' ? 'en' : 'ko']} (${storedText || '—'})` : null,
      );
      queryClient.setQueryData<RocketProduct | null>(['product', productId], (old) =>
        old ? { ...setPath(old, path, storedValue), updatedAt: res.updatedAt } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['products', 'summary'] });
      // the server now marks the value as the seller's (fieldSources)
      if ((source && source !== 'seller') || change)
        void queryClient.invalidateQueries({ queryKey: ['product', productId] });
      setState('saved');
    } catch (e) {
      setState('error');
      setError(t('product.saveFailed', { message: errorText(e) }));
    }
  }

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
    value: text,
    placeholder,
    error: state === 'error' ? error : undefined,
    'data-path': path,
    onBlur: () => void save(),
  };
  const hint =
    state === 'saving'
      ? t('product.saving')
      : state === 'saved' && !dirty
        ? (note ?? t('product.saved'))
        : undefined;

  return (
    <div>
      {kind === 'textarea' ? (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          onChange={(e) => setText(e.currentTarget.value)}
          description={hint}
        />
      ) : kind === 'number' ? (
        <NumberInput
          {...common}
          thousandSeparator=","
          hideControls
          onChange={(v) => setText(v === '' ? '' : String(v))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
          description={hint}
        />
      ) : (
        <TextInput
          {...common}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
            if (e.key === 'Escape') setText(stored);
          }}
          description={hint}
        />
      )}
      {state === 'error' ? (
        <Group gap={4} mt={2}>
          <Button size="compact-xs" variant="light" color="red" onClick={() => void save()}>
            {t('product.retry')}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}

/** A read-only value with a label, dense. */
export function Field({ label, children }: { label: string; children: React.ReactNode }) {
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
