import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { shootAtSizes } from './helpers';
import { chinesePng } from './image-translate-fixture';

type Row = { id: number; workType: string; status: string; error: string | null };
type Live = {
  requests: Row[];
  rate: { limitPerMinute: number; createdLastMinute: number; keys: { sentLastMinute: number }[] };
};

/** One AI call through an existing endpoint: an image translation asks the gateway for AI_TRANSLATE. */
async function translateOnce(request: APIRequestContext, imageData: string): Promise<void> {
  const up = await request.post('/api/rocket-registration/upload-image', {
    data: { imageData, filename: 'monitor-test.png', type: 'detail' },
  });
  expect(up.ok()).toBe(true);
  const { imageUrl } = (await up.json()) as { imageUrl: string };
  const tr = await request.post('/api/aiPage/getImageTranslateV2', { data: [{ imgUrl: imageUrl }] });
  expect(tr.ok()).toBe(true);
}

test('a developer opens the API monitor: AI requests appear live with status and duration, the rate against 12/min, failures', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const imageData = `data:image/png;base64,${readFileSync(chinesePng()).toString('base64')}`;

  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // An AI call made before the screen opens.
  await translateOnce(page.request, imageData);
  const live = (await (await page.request.get('/api/ai-monitor/live')).json()) as Live;
  const call = live.requests.find((r) => r.workType === 'AI_TRANSLATE');
  expect(call, 'the image translation went through the AI gateway').toBeDefined();

  await page.goto('/admin-api-monitor');
  await expect(page.getByRole('heading', { name: 'API 모니터' })).toBeVisible();
  await expect(page.getByText('준비 중', { exact: true })).toHaveCount(0);

  const liveTable = page.getByRole('table', { name: '실시간 AI 요청 목록' });
  // The row whose first cell (번호) is the request id.
  const row = liveTable.locator('tbody tr', { has: page.locator(`td:first-child:text-is("${call!.id}")`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('AI_TRANSLATE');
  await expect(row).toContainText(call!.status === 'success' ? '성공' : '처리 중');
  await expect(row.getByTestId('duration')).toHaveText(/^\d+(\.\d)? (ms|s)$|^\d+m \d{2}s$/);

  // Requests per minute against the per-key limit, as the server counts them.
  const headline = page.getByTestId('rate-headline');
  const busiest = Math.max(0, ...live.rate.keys.map((k) => k.sentLastMinute));
  expect(live.rate.limitPerMinute).toBe(12);
  await expect(headline).toContainText(`${busiest} / 12`);
  await expect(headline.getByText(`최근 1분 ${busiest} / 12건`)).toHaveCount(1);
  await expect(page.getByText('키당 분당 최대 12건, 요청 간격 1초 이상')).toBeVisible();
  expect(Number(await page.getByTestId('rate-created').textContent())).toBeGreaterThanOrEqual(1);

  // A second call while the screen is open shows up without a reload (the screen polls every 5 s).
  const before = await liveTable.locator('tbody tr').count();
  await translateOnce(page.request, imageData);
  await expect(liveTable.locator('tbody tr')).toHaveCount(before + 1, { timeout: 15_000 });
  await expect(liveTable.locator('tbody tr').first()).toContainText('AI_TRANSLATE');
  await expect(page.getByTestId('status-counts')).toContainText('시간 초과 0');

  // Failures with their messages, as the server lists them.
  const failuresTable = page.getByRole('table', { name: '실패한 AI 요청 목록' });
  const failures = (await (await page.request.get('/api/ai-monitor/failures')).json()) as { failures: Row[] };
  if (failures.failures.length === 0)
    await expect(failuresTable.getByText('실패한 요청이 없습니다.')).toBeVisible();
  else
    await expect(failuresTable.getByTestId('failure-message').first()).toHaveText(
      failures.failures[0]!.error ?? '—',
    );

  await shootAtSizes(page, 'monitor');

  // English UI.
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'API monitor' })).toBeVisible();
  await expect(page.getByText('At most 12 per key per minute, at least 1 s apart')).toBeVisible();
  const rowEn = page
    .getByRole('table', { name: 'Live AI requests' })
    .locator('tbody tr', { has: page.locator(`td:first-child:text-is("${call!.id}")`) });
  await expect(rowEn).toContainText(call!.status === 'success' ? 'Success' : 'Processing');
  await page.getByText('한국어', { exact: true }).click();
});
