import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { ExportSettingsResponse } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../shared/products/http';
import { CoupangKeysFields } from '../coupang/coupang-keys-fields';
import { CoupangSellerFields, type SellerDraft } from '../coupang/coupang-seller-fields';
import { getExportSettings, saveExportSettings } from './api';
import { useExportsT } from './i18n';

const split = (text: string) =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** The company's extra banned and brand words (checked with the shipped lists) and its seller details. */
export function ExportSettingsForm() {
  const { t } = useExportsT();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['export-settings'], queryFn: getExportSettings });
  const [banned, setBanned] = useState('');
  const [brand, setBrand] = useState('');
  const [seller, setSeller] = useState<SellerDraft>({});
  const [state, setState] = useState<{ busy: boolean; error: string | null; saved: boolean }>({
    busy: false,
    error: null,
    saved: false,
  });

  useEffect(() => {
    const s = settings.data;
    if (!s) return;
    setBanned(s.bannedWords.join(', '));
    setBrand(s.brandWords.join(', '));
    const { hasCoupangKeys: _has, ...seller } = s.seller;
    setSeller(seller);
  }, [settings.data]);

  async function save() {
    setState({ busy: true, error: null, saved: false });
    try {
      const next = await saveExportSettings({ bannedWords: split(banned), brandWords: split(brand), seller });
      queryClient.setQueryData<ExportSettingsResponse>(['export-settings'], next);
      // The keys come back masked (the same as before when they did not change: show them again).
      const { hasCoupangKeys: _saved, ...shown } = next.seller;
      setSeller(shown);
      setState({ busy: false, error: null, saved: true });
    } catch (e) {
      setState({ busy: false, error: errorText(e), saved: false });
    }
  }

  const s = settings.data;
  return (
    <Stack gap="sm">
      <Textarea
        label={t('settings.banned')}
        description={t('settings.wordsHint')}
        value={banned}
        onChange={(e) => setBanned(e.currentTarget.value)}
        autosize
        minRows={2}
        data-testid="banned-words"
      />
      {s ? (
        <Text size="xs" c="dimmed">
          {t('settings.defaults', { words: s.defaultBannedWords.join(', ') })}
        </Text>
      ) : null}
      <Textarea
        label={t('settings.brand')}
        value={brand}
        onChange={(e) => setBrand(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {s ? (
        <Text size="xs" c="dimmed">
          {t('settings.defaults', { words: s.defaultBrandWords.join(', ') })}
        </Text>
      ) : null}
      <CoupangSellerFields
        seller={seller}
        fetchedAt={s?.accountCodesFetchedAt}
        onChange={(patch) => setSeller({ ...seller, ...patch })}
      />
      <CoupangKeysFields
        accessKey={seller.accessKey ?? ''}
        secretKey={seller.secretKey ?? ''}
        hasKeys={s?.seller.hasCoupangKeys ?? false}
        onChange={(patch) => setSeller({ ...seller, ...patch })}
      />
      {state.error ? (
        <Alert color="red" py={6} role="alert">
          {state.error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {state.saved ? (
          <Text size="xs" c="teal">
            {t('settings.saved')}
          </Text>
        ) : null}
        <Button onClick={() => void save()} loading={state.busy} data-testid="export-settings-save">
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
