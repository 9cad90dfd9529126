import { Alert, Stack, Text, Title } from '@mantine/core';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { AccessTokensSection } from './access-tokens-section';
import { ExchangeRateNotice } from './exchange-rate-notice';
import { SettingsSaveBar } from './settings-save-bar';
import { AiSection, DefaultsSection, PricingSection } from './settings-sections';
import { useSettings } from './use-settings';

/** Settings: AI provider and keys (shown masked), registration defaults (§3) and pricing defaults (§9). */
export default function SettingsPage() {
  const { t } = useProductsT();
  const { state, dispatch, loadError, loaded, save, repriceAll } = useSettings();
  const { form, errors } = state;

  if (loadError) return <Alert color="red">{errorText(loadError)}</Alert>;
  if (!form || !loaded) return <Text c="dimmed">{t('settings.loading')}</Text>;
  const fields = { form, errors, dispatch };

  return (
    <Stack gap="sm" maw={980}>
      <Title order={2} size="h4">
        {t('settings.title')}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <AiSection {...fields} />
          <DefaultsSection {...fields} />
          <ExchangeRateNotice dispatch={dispatch} saved={state.save.kind === 'saved'} />
          <PricingSection {...fields} />
          <SettingsSaveBar state={state} dispatch={dispatch} repriceAll={repriceAll} />
        </Stack>
      </form>
      <AccessTokensSection />
    </Stack>
  );
}
