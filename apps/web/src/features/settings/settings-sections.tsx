import { Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useProductsT } from '../../shared/products/i18n';
import { type FieldProps, SettingsCheck, SettingsKey, SettingsText } from './settings-fields';
import { providerOf, type TextField } from './settings-state';

/** The AI provider and, for Gemini or an OpenAI-compatible server, its key and model. */
export function AiSection(p: FieldProps) {
  const { t } = useProductsT();
  const { form, dispatch } = p;
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm" mb={6}>
        {t('settings.ai')}
      </Text>
      <Radio.Group
        label={t('settings.provider')}
        value={form.aiProvider}
        onChange={(v) => {
          const value = providerOf(v);
          if (value) dispatch({ type: 'provider', value });
        }}
      >
        <Group gap="md" mt={4}>
          <Radio value="offline" label={t('settings.providerOffline')} />
          <Radio value="gemini" label={t('settings.providerGemini')} />
          <Radio value="openai" label={t('settings.providerOpenai')} />
        </Group>
      </Radio.Group>
      {form.aiProvider === 'gemini' ? (
        <SimpleGrid cols={2} spacing="xs" mt="xs">
          <SettingsKey
            {...p}
            field="geminiAPIKey"
            label={t('settings.geminiKey')}
            stored={form.hasGeminiAPIKey}
          />
          <SettingsText {...p} field="geminiModel" label={t('settings.geminiModel')} />
        </SimpleGrid>
      ) : null}
      {form.aiProvider === 'openai' ? (
        <SimpleGrid cols={3} spacing="xs" mt="xs">
          <SettingsText
            {...p}
            field="openaiBaseUrl"
            label={t('settings.openaiBaseUrl')}
            placeholder="https://api.example.com/v1"
          />
          <SettingsKey
            {...p}
            field="openaiAPIKey"
            label={t('settings.openaiKey')}
            stored={form.hasOpenaiAPIKey}
          />
          <SettingsText {...p} field="openaiModel" label={t('settings.openaiModel')} />
        </SimpleGrid>
      ) : null}
    </Paper>
  );
}

const DEFAULT_FIELDS: readonly TextField[] = [
  'asInfo',
  'origin',
  'manufacturer',
  'importer',
  'brand',
  'importStatus',
  'transactionType',
  'exchangeRate',
];

/** The registration defaults (§3): notice fields, the exchange rate, the top and bottom images. */
export function DefaultsSection(p: FieldProps) {
  const { t } = useProductsT();
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm" mb={6}>
        {t('settings.defaults')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        {DEFAULT_FIELDS.map((field) => (
          <SettingsText key={field} {...p} field={field} label={t(`settings.${field}`)} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        <Stack gap={4}>
          <SettingsCheck {...p} field="useTopImage" label={t('settings.useTopImage')} />
          <SettingsText {...p} field="topImageUrl" label={t('settings.topImageUrl')} />
        </Stack>
        <Stack gap={4}>
          <SettingsCheck {...p} field="useBottomImage" label={t('settings.useBottomImage')} />
          <SettingsText {...p} field="bottomImageUrl" label={t('settings.bottomImageUrl')} />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

const PRICING_FIELDS: readonly TextField[] = [
  'marginRate',
  'coupangMarginRate',
  'roundUnit',
  'msrpMultiplier',
  'minMarginAmount',
  'minCoupangMarginAmount',
  'minSupplyMarginAmount',
  'targetMarginPercent',
];

/** The pricing defaults (§9). */
export function PricingSection(p: FieldProps) {
  const { t } = useProductsT();
  return (
    <Paper withBorder p="sm">
      <Text fw={700} size="sm" mb={6}>
        {t('settings.pricing')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        {PRICING_FIELDS.map((field) => (
          <SettingsText key={field} {...p} field={field} label={t(`settings.${field}`)} />
        ))}
      </SimpleGrid>
      <Group gap="md" mt="xs">
        <SettingsCheck {...p} field="enableBundling" label={t('settings.enableBundling')} />
        <SettingsCheck {...p} field="enableMinSupplyMargin" label={t('settings.enableMinSupplyMargin')} />
        <SettingsCheck {...p} field="landedPricing" label={t('settings.landedPricing')} />
      </Group>
    </Paper>
  );
}
