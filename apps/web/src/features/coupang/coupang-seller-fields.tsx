import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { CoupangShippingPlacesResponse, ExportSettingsResponse } from '@rr/contracts';
import { useState } from 'react';
import { dateTime } from '../../shared/products/format';
import { coupangErrorText, getShippingPlaces } from './api';
import { useCoupangT } from './i18n';

// Issue 37: the seller's Coupang details in the export settings. The channel decides the payload's
// layout; the outbound place and return centre are chosen from the lists fetched from the seller's
// own account (never typed), and the chosen centre's address fills the return block on the server.

export type SellerDraft = Partial<ExportSettingsResponse['seller']>;
type Places = CoupangShippingPlacesResponse;

const CHANNELS = ['rocket_growth', 'hybrid', 'marketplace'] as const;

/** Whether the return fee is 100–150 % of the initial one (the business FAQ's rule). */
export const isReturnFeeInRange = (initial: number, charge: number) =>
  initial > 0 && charge >= initial && charge <= initial * 1.5;

function placeOptions(
  list: readonly { code: string; name: string; address: string }[] | undefined,
  stored: string | undefined,
  storedLabel: (code: string) => string,
) {
  const options = (list ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code}) — ${p.address}` }));
  if (stored && !options.some((o) => o.value === stored))
    options.unshift({ value: stored, label: storedLabel(stored) });
  return options;
}

export function CoupangSellerFields({
  seller,
  fetchedAt,
  onChange,
}: {
  seller: SellerDraft;
  fetchedAt: string | null | undefined;
  onChange: (patch: SellerDraft) => void;
}) {
  const { t } = useCoupangT();
  const [places, setPlaces] = useState<Places | null>(null);
  const [fetch, setFetch] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const channel = seller.channel ?? 'rocket_growth';
  const needsPlaces = channel !== 'rocket_growth';
  const initial = seller.deliveryChargeOnReturn ?? 0;
  const charge = seller.returnCharge ?? 0;

  async function load() {
    setFetch({ busy: true, error: null, done: null });
    try {
      const p = await getShippingPlaces();
      setPlaces(p);
      const done = t('seller.fetched', {
        outbound: p.outbound.length,
        returns: p.returnCenters.length,
        rfm: p.rocketGrowthCategoryCount,
      });
      setFetch({ busy: false, error: null, done });
    } catch (e) {
      setFetch({ busy: false, error: coupangErrorText(e), done: null });
    }
  }

  const centre = places?.returnCenters.find((c) => c.code === seller.returnCenterCode);
  const storedLabel = (code: string) => t('seller.storedCode', { code });
  return (
    <Stack gap="xs" data-testid="coupang-seller">
      <Text size="sm" fw={600}>
        {t('seller.title')}
      </Text>
      <Text size="xs" fw={500} id="coupang-channel-label">
        {t('seller.channel')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby="coupang-channel-label"
        value={channel}
        onChange={(v) => {
          const next = CHANNELS.find((c) => c === v);
          if (next) onChange({ channel: next });
        }}
        data={CHANNELS.map((c) => ({ value: c, label: t(`seller.channel_${c}`) }))}
        data-testid="coupang-channel"
      />
      <Text size="xs" c="dimmed">
        {t('seller.channelHint')}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {(['vendorId', 'vendorUserId', 'companyContactNumber'] as const).map((k) => (
          <TextInput
            key={k}
            size="xs"
            label={t(`seller.${k}`)}
            value={seller[k] ?? ''}
            onChange={(e) => onChange({ [k]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
      {needsPlaces ? (
        <>
          <Group gap="xs">
            <Button
              size="compact-xs"
              variant="light"
              loading={fetch.busy}
              onClick={() => void load()}
              data-testid="coupang-fetch-places"
            >
              {t('seller.fetchPlaces')}
            </Button>
            <Text size="xs" c="dimmed">
              {fetchedAt ? t('seller.fetchedAt', { at: dateTime(fetchedAt) }) : t('seller.notFetched')}
            </Text>
          </Group>
          {fetch.done ? (
            <Text size="xs" c="teal" role="status" data-testid="coupang-places-result">
              {fetch.done}
            </Text>
          ) : null}
          {fetch.error ? (
            <Alert color="red" py={6} role="alert" data-testid="coupang-places-error">
              {fetch.error}
            </Alert>
          ) : null}
          <SimpleGrid cols={2} spacing="xs">
            <Select
              size="xs"
              label={t('seller.outbound')}
              placeholder={t('seller.choose')}
              data={placeOptions(places?.outbound, seller.outboundShippingPlaceCode, storedLabel)}
              value={seller.outboundShippingPlaceCode || null}
              onChange={(v) => onChange({ outboundShippingPlaceCode: v ?? '' })}
              data-testid="coupang-outbound"
            />
            <Select
              size="xs"
              label={t('seller.returnCenter')}
              placeholder={t('seller.choose')}
              data={placeOptions(places?.returnCenters, seller.returnCenterCode, storedLabel)}
              value={seller.returnCenterCode || null}
              onChange={(v) => onChange({ returnCenterCode: v ?? '' })}
              data-testid="coupang-return-center"
            />
          </SimpleGrid>
          {centre || seller.returnAddress ? (
            <Text size="xs" c="dimmed" data-testid="coupang-return-address">
              {t('seller.returnAddress', {
                address: centre
                  ? `(${centre.zipCode}) ${centre.address}`
                  : `(${seller.returnZipCode ?? ''}) ${seller.returnAddress ?? ''} ${seller.returnAddressDetail ?? ''}`,
              })}
            </Text>
          ) : null}
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              size="xs"
              label={t('seller.deliveryChargeOnReturn')}
              value={initial}
              min={0}
              step={100}
              thousandSeparator=","
              onChange={(v) => onChange({ deliveryChargeOnReturn: Number(v) || 0 })}
              data-testid="coupang-initial-return-fee"
            />
            <NumberInput
              size="xs"
              label={t('seller.returnCharge')}
              value={charge}
              min={0}
              step={100}
              thousandSeparator=","
              onChange={(v) => onChange({ returnCharge: Number(v) || 0 })}
              error={isReturnFeeInRange(initial, charge) ? undefined : t('seller.feesOutOfRange')}
              data-testid="coupang-return-fee"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('seller.feesHint')}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
