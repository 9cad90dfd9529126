import { expect, test } from '@playwright/test';
import { shootAtSizes } from './helpers';

test('a developer opens the API monitor: requests per minute against the 12/min limit, live list and failures', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/admin-api-monitor');
  await expect(page).toHaveURL(/\/admin-api-monitor$/);
  await expect(page.getByRole('heading', { name: 'API 모니터' })).toBeVisible();
  await expect(page.getByText('준비 중', { exact: true })).toHaveCount(0);

  // What the screen shows is what the server's monitor answers.
  const live = await page.request.get('/api/ai-monitor/live');
  expect(live.ok()).toBe(true);
  const body = (await live.json()) as {
    requests: { id: number; status: string }[];
    rate: { limitPerMinute: number; keys: { sentLastMinute: number }[] };
  };
  expect(body.rate.limitPerMinute).toBe(12);
  const busiest = Math.max(0, ...body.rate.keys.map((k) => k.sentLastMinute));

  const headline = page.getByTestId('rate-headline');
  await expect(headline).toContainText(`${busiest} / 12`);
  // Screen readers hear the whole sentence.
  await expect(headline.getByText(`최근 1분 ${busiest} / 12건`)).toHaveCount(1);
  await expect(page.getByText('키당 분당 최대 12건, 요청 간격 1초 이상')).toBeVisible();

  const liveTable = page.getByRole('table', { name: '실시간 AI 요청 목록' });
  const failuresTable = page.getByRole('table', { name: '실패한 AI 요청 목록' });
  if (body.requests.length === 0) {
    await expect(liveTable.getByText('최근 10분 동안 AI 요청이 없습니다.', { exact: false })).toBeVisible();
    await expect(page.getByText('최근 1시간 동안 사용된 키가 없습니다.')).toBeVisible();
  } else {
    // One row per live request, newest first, each with its Korean status.
    await expect(liveTable.locator('tbody tr')).toHaveCount(body.requests.length);
    await expect(liveTable.locator('tbody tr').first().locator('td').first()).toHaveText(
      String(body.requests[0]!.id),
    );
  }
  const failures = (await (await page.request.get('/api/ai-monitor/failures')).json()) as {
    failures: { error: string | null }[];
  };
  if (failures.failures.length === 0)
    await expect(failuresTable.getByText('실패한 요청이 없습니다.')).toBeVisible();
  else
    await expect(failuresTable.getByTestId('failure-message').first()).toHaveText(
      failures.failures[0]!.error ?? '—',
    );

  // Every status has its count; auto refresh polls (the "updated" time appears and moves on).
  await expect(page.getByTestId('status-counts')).toContainText('시간 초과 0');
  const updated = page.getByTestId('updated-at');
  await expect(updated).toBeVisible();
  const first = await updated.textContent();
  await expect(updated).not.toHaveText(first ?? '', { timeout: 12_000 });

  await shootAtSizes(page, 'monitor');

  // English UI.
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'API monitor' })).toBeVisible();
  await expect(page.getByText('At most 12 per key per minute, at least 1 s apart')).toBeVisible();
  await page.getByText('한국어', { exact: true }).click();
});
