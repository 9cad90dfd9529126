import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type {
  GetSettingsResponse,
  SaveSettingResponse,
  SettingsEntryInput,
  SettingsView,
} from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText, get, post } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { AccessTokensSection } from './access-tokens-section';
import { type SettingsForm, validateSettings } from './validate';

const NUMBER_FIELDS = [
  'exchangeRate',
  'marginRate',
  'coupangMarginRate',
  'roundUnit',
  'msrpMultiplier',
  'minMarginAmount',
  'minCoupangMarginAmount',
  'minSupplyMarginAmount',
] as const;

function toForm(s: SettingsView): SettingsForm {
  const d = s.defaultSettings;
  const p = s.pricingDefaults;
  return {
    aiProvider: s.aiProvider,
    geminiAPIKey: s.geminiAPIKey,
    geminiModel: s.geminiModel,
    openaiBaseUrl: s.openaiBaseUrl,
    openaiAPIKey: s.openaiAPIKey,
    openaiModel: s.openaiModel,
    hasGeminiAPIKey: s.hasGeminiAPIKey,
    hasOpenaiAPIKey: s.hasOpenaiAPIKey,
    asInfo: d.asInfo,
    origin: d.origin,
    manufacturer: d.manufacturer,
    importer: d.importer,
    brand: d.brand,
    importStatus: d.importStatus,
    transactionType: d.transactionType,
    useTopImage: d.imageSettings.useTopImage,
    topImageUrl: d.imageSettings.topImageUrl,
    useBottomImage: d.imageSettings.useBottomImage,
    bottomImageUrl: d.imageSettings.bottomImageUrl,
    exchangeRate: String(p.exchangeRate ?? d.exchangeRate),
    marginRate: String(p.marginRate),
    coupangMarginRate: String(p.coupangMarginRate),
    roundUnit: String(p.roundUnit),
    msrpMultiplier: String(p.msrpMultiplier),
    enableBundling: p.enableBundling,
    minMarginAmount: String(p.minMarginAmount),
    minCoupangMarginAmount: String(p.minCoupangMarginAmount),
    enableMinSupplyMargin: p.enableMinSupplyMargin,
    minSupplyMarginAmount: String(p.minSupplyMarginAmount),
  };
}

/** A masked key (as read back) or an empty field keeps the stored key: the key is then left out. */
function keyToSend(typed: string, stored: string): string | undefined {
  if (typed === '' || typed === stored || typed.includes('•') || typed.includes('*')) return undefined;
  return typed.trim();
}

/** Settings whose change makes already computed prices stale (§9 pricing inputs). */
export function pricingChanged(before: SettingsView, after: SettingsView): boolean {
  const a = before.pricingDefaults;
  const b = after.pricingDefaults;
  const keys = Object.keys({ ...a, ...b }) as (keyof typeof a)[];
  return (
    before.defaultSettings.exchangeRate !== after.defaultSettings.exchangeRate ||
    keys.some((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
  );
}

function toEntry(f: SettingsForm, stored: SettingsView): SettingsEntryInput {
  const n = (k: (typeof NUMBER_FIELDS)[number]) => Number(f[k].replaceAll(',', ''));
  const entry: SettingsEntryInput = {
    aiProvider: f.aiProvider,
    geminiModel: f.geminiModel.trim(),
    openaiBaseUrl: f.openaiBaseUrl.trim(),
    openaiModel: f.openaiModel.trim(),
    defaultSettings: {
      asInfo: f.asInfo,
      origin: f.origin,
      manufacturer: f.manufacturer,
      importer: f.importer,
      brand: f.brand,
      importStatus: f.importStatus,
      transactionType: f.transactionType,
      exchangeRate: n('exchangeRate'),
      imageSettings: {
        useTopImage: f.useTopImage,
        topImageUrl: f.topImageUrl,
        useBottomImage: f.useBottomImage,
        bottomImageUrl: f.bottomImageUrl,
      },
    },
    pricingDefaults: {
      exchangeRate: n('exchangeRate'),
      marginRate: n('marginRate'),
      coupangMarginRate: n('coupangMarginRate'),
      roundUnit: n('roundUnit'),
      msrpMultiplier: n('msrpMultiplier'),
      enableBundling: f.enableBundling,
      bundlingType: stored.pricingDefaults.bundlingType,
      minMarginAmount: n('minMarginAmount'),
      minCoupangMarginAmount: n('minCoupangMarginAmount'),
      enableMinSupplyMargin: f.enableMinSupplyMargin,
      minSupplyMarginAmount: n('minSupplyMarginAmount'),
    },
  };
  const gk = keyToSend(f.geminiAPIKey, stored.geminiAPIKey);
  if (gk !== undefined) entry.geminiAPIKey = gk;
  const ok = keyToSend(f.openaiAPIKey, stored.openaiAPIKey);
  if (ok !== undefined) entry.openaiAPIKey = ok;
  return entry;
}

/** Settings: AI provider and keys (shown masked), registration defaults (§3) and pricing defaults (§9). */
export default function SettingsPage() {
  const { t } = useProductsT();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => get<GetSettingsResponse>('/api/settings', signal),
  });
  const stored = q.data?.settings[0];
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof SettingsForm, string>>>({});
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'error'; message?: string }>({
    kind: 'idle',
  });

  const [reprice, setReprice] = useState<
    { kind: 'hidden' } | { kind: 'offer' } | { kind: 'running' } | { kind: 'done' | 'error'; message: string }
  >({ kind: 'hidden' });

  useEffect(() => {
    if (stored && !form) setForm(toForm(stored));
  }, [stored, form]);

  if (q.error) return <Alert color="red">{errorText(q.error)}</Alert>;
  if (!form || !stored) return <Text c="dimmed">{t('settings.loading')}</Text>;

  const set = <K extends keyof SettingsForm>(k: K, v: SettingsForm[K]) => {
    setForm((f) => (f ? { ...f, [k]: v } : f));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const err = (k: keyof SettingsForm) => (errors[k] ? t(`settings.v.${errors[k]}`) : undefined);
  const text = (k: keyof SettingsForm, label: string, extra: { w?: number; placeholder?: string } = {}) => (
    <TextInput
      size="xs"
      label={label}
      value={String(form[k] ?? '')}
      onChange={(e) => set(k, e.currentTarget.value as never)}
      error={err(k)}
      {...extra}
    />
  );

  async function save() {
    if (!form || !stored) return;
    const v = validateSettings(form);
    setErrors(v);
    if (Object.keys(v).length) {
      setState({ kind: 'error', message: t('settings.fixErrors') });
      return;
    }
    setState({ kind: 'saving' });
    try {
      const res = await post<SaveSettingResponse>('/api/savesetting', { settings: [toEntry(form, stored)] });
      const next = res.settings[0];
      if (next) {
        queryClient.setQueryData<GetSettingsResponse>(['settings'], { settings: res.settings });
        setForm(toForm(next));
        if (pricingChanged(stored, next)) setReprice({ kind: 'offer' });
      }
      setState({ kind: 'saved', message: t('settings.saved') });
    } catch (e) {
      // The form keeps what the seller typed.
      setState({ kind: 'error', message: errorText(e) });
    }
  }

  async function repriceAll() {
    setReprice({ kind: 'running' });
    try {
      const res = await post<{ message: string }>('/api/workflow/reprice-all', {});
      setReprice({ kind: 'done', message: res.message });
      // Lists and open product pages show the new prices.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    } catch (e) {
      setReprice({ kind: 'error', message: errorText(e) });
    }
  }

  return (
    <Stack gap="sm" maw={980}>
      <Title order={2} size="h4">
        {t('settings.title')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Paper withBorder p="sm">
            <Text fw={700} size="sm" mb={6}>
              {t('settings.ai')}
            </Text>
            <Radio.Group
              label={t('settings.provider')}
              value={form.aiProvider}
              onChange={(v) => set('aiProvider', v as SettingsForm['aiProvider'])}
            >
              <Group gap="md" mt={4}>
                <Radio value="offline" label={t('settings.providerOffline')} />
                <Radio value="gemini" label={t('settings.providerGemini')} />
                <Radio value="openai" label={t('settings.providerOpenai')} />
              </Group>
            </Radio.Group>
            {form.aiProvider === 'gemini' ? (
              <SimpleGrid cols={2} spacing="xs" mt="xs">
                <PasswordInput
                  size="xs"
                  label={t('settings.geminiKey')}
                  value={form.geminiAPIKey}
                  onChange={(e) => set('geminiAPIKey', e.currentTarget.value)}
                  description={form.hasGeminiAPIKey ? t('settings.keyStored') : t('settings.keyNone')}
                  error={err('geminiAPIKey')}
                  autoComplete="off"
                  visibilityToggleButtonProps={{ 'aria-label': t('settings.toggleKey') }}
                />
                {text('geminiModel', t('settings.geminiModel'))}
              </SimpleGrid>
            ) : null}
            {form.aiProvider === 'openai' ? (
              <SimpleGrid cols={3} spacing="xs" mt="xs">
                {text('openaiBaseUrl', t('settings.openaiBaseUrl'), {
                  placeholder: 'https://api.example.com/v1',
                })}
                <PasswordInput
                  size="xs"
                  label={t('settings.openaiKey')}
                  value={form.openaiAPIKey}
                  onChange={(e) => set('openaiAPIKey', e.currentTarget.value)}
                  visibilityToggleButtonProps={{ 'aria-label': t('settings.toggleKey') }}
                  description={form.hasOpenaiAPIKey ? t('settings.keyStored') : t('settings.keyNone')}
                  error={err('openaiAPIKey')}
                  autoComplete="off"
                />
                {text('openaiModel', t('settings.openaiModel'))}
              </SimpleGrid>
            ) : null}
          </Paper>

          <Paper withBorder p="sm">
            <Text fw={700} size="sm" mb={6}>
              {t('settings.defaults')}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
              {text('asInfo', t('settings.asInfo'))}
              {text('origin', t('settings.origin'))}
              {text('manufacturer', t('settings.manufacturer'))}
              {text('importer', t('settings.importer'))}
              {text('brand', t('settings.brand'))}
              {text('importStatus', t('settings.importStatus'))}
              {text('transactionType', t('settings.transactionType'))}
              {text('exchangeRate', t('settings.exchangeRate'))}
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              <Stack gap={4}>
                <Checkbox
                  size="xs"
                  label={t('settings.useTopImage')}
                  checked={form.useTopImage}
                  onChange={(e) => set('useTopImage', e.currentTarget.checked)}
                />
                {text('topImageUrl', t('settings.topImageUrl'))}
              </Stack>
              <Stack gap={4}>
                <Checkbox
                  size="xs"
                  label={t('settings.useBottomImage')}
                  checked={form.useBottomImage}
                  onChange={(e) => set('useBottomImage', e.currentTarget.checked)}
                />
                {text('bottomImageUrl', t('settings.bottomImageUrl'))}
              </Stack>
            </SimpleGrid>
          </Paper>

          <Paper withBorder p="sm">
            <Text fw={700} size="sm" mb={6}>
              {t('settings.pricing')}
            </Text>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
              {text('marginRate', t('settings.marginRate'))}
              {text('coupangMarginRate', t('settings.coupangMarginRate'))}
              {text('roundUnit', t('settings.roundUnit'))}
              {text('msrpMultiplier', t('settings.msrpMultiplier'))}
              {text('minMarginAmount', t('settings.minMarginAmount'))}
              {text('minCoupangMarginAmount', t('settings.minCoupangMarginAmount'))}
              {text('minSupplyMarginAmount', t('settings.minSupplyMarginAmount'))}
            </SimpleGrid>
            <Group gap="md" mt="xs">
              <Checkbox
                size="xs"
                label={t('settings.enableBundling')}
                checked={form.enableBundling}
                onChange={(e) => set('enableBundling', e.currentTarget.checked)}
              />
              <Checkbox
                size="xs"
                label={t('settings.enableMinSupplyMargin')}
                checked={form.enableMinSupplyMargin}
                onChange={(e) => set('enableMinSupplyMargin', e.currentTarget.checked)}
              />
            </Group>
          </Paper>

          <Group>
            <Button type="submit" loading={state.kind === 'saving'} data-testid="settings-save">
              {t('settings.save')}
            </Button>
            {state.kind === 'saved' ? (
              <Text c="green" size="sm" role="status">
                {state.message}
              </Text>
            ) : null}
            {state.kind === 'error' ? (
              <Text c="red" size="sm" role="alert">
                {state.message}
              </Text>
            ) : null}
          </Group>
          {reprice.kind === 'offer' || reprice.kind === 'running' ? (
            <Alert color="blue" data-testid="reprice-offer">
              <Stack gap="xs">
                <Text size="sm">{t('settings.repriceOffer')}</Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    loading={reprice.kind === 'running'}
                    onClick={() => void repriceAll()}
                    data-testid="reprice-all"
                  >
                    {t('settings.repriceAll')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={reprice.kind === 'running'}
                    onClick={() => setReprice({ kind: 'hidden' })}
                  >
                    {t('settings.repriceLater')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {reprice.kind === 'done' ? (
            <Text c="green" size="sm" role="status" data-testid="reprice-result">
              {reprice.message}
            </Text>
          ) : null}
          {reprice.kind === 'error' ? (
            <Text c="red" size="sm" role="alert">
              {reprice.message}
            </Text>
          ) : null}
        </Stack>
      </form>
      <AccessTokensSection />
    </Stack>
  );
}
