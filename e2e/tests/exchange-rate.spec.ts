import { expect, test } from '@playwright/test';
import { signUpSeller } from './products-support';

// Issue 41: the exchange rate can follow a daily public source the operator configures. The e2e server's
// EXCHANGE_RATE_URL is a stand-in (support/start-server.mjs) answering 1 yuan = 360 won for today's
// Korean day. The settings screen shows the rate in use beside the source's rate and its day; within
// the threshold (3 %) that is all; beyond it, the source's rate is offered, and applying and saving it
// offers the one-click reprice.

const koreanToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

test('the daily exchange rate: the value in use and its day, and after a move the reprice offer', async ({
  page,
}) => {
  await signUpSeller(page);
  const day = koreanToday();

  // The API: the source's rate and day against the company's rate in use (350, the default): +2.9 %.
  const status = await (await page.request.get('/api/settings/exchange-rate')).json();
  expect(status).toMatchObject({
    configured: true,
    inUse: 350,
    source: { rate: 360, date: day },
    movedPercent: 2.9,
    beyondThreshold: false,
    thresholdPercent: 3,
  });

  // The screen: the rate in use, the public rate and its day; no offer within the threshold.
  await page.goto('/settings');
  await expect(page.getByLabel('환율 (원/위안)')).toHaveValue('350');
  await expect(page.getByTestId('exchange-rate-line')).toHaveText(
    `사용 중인 환율 350원 · 공개 환율 360원 (${day} 기준, +2.9%).`,
  );
  await expect(page.getByTestId('exchange-rate-offer')).toHaveCount(0);

  // The rate in use moves away (340): 360 is now 5.9 % off, beyond the threshold: the rate is offered.
  await page.getByLabel('환율 (원/위안)').fill('340');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('status').filter({ hasText: '설정을' })).toHaveText('설정을 저장했습니다.');
  const offer = page.getByTestId('exchange-rate-offer');
  await expect(offer).toContainText(`사용 중인 환율 340원 · 공개 환율 360원 (${day} 기준, +5.9%).`);
  await expect(offer).toContainText('3% 넘게 움직였습니다.');
  await expect(page.getByTestId('exchange-rate-line')).toHaveCount(0);

  // Applying fills the field (nothing is saved by itself); its save offers the one-click reprice.
  await page.getByTestId('exchange-rate-apply').click();
  await expect(page.getByLabel('환율 (원/위안)')).toHaveValue('360');
  expect((await (await page.request.get('/api/settings/exchange-rate')).json()).inUse).toBe(340);
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('status').filter({ hasText: '설정을' })).toHaveText('설정을 저장했습니다.');
  await expect(page.getByTestId('reprice-offer')).toBeVisible();
  await page.getByTestId('reprice-all').click();
  await expect(page.getByTestId('reprice-result')).toHaveText(/^상품 \d+개의 가격을 다시 계산했습니다/);

  // The rate in use is the public one now: the line again, without an offer.
  await expect(page.getByTestId('exchange-rate-line')).toHaveText(
    `사용 중인 환율 360원 · 공개 환율 360원 (${day} 기준, 0%).`,
  );
  await expect(page.getByTestId('exchange-rate-offer')).toHaveCount(0);
});
