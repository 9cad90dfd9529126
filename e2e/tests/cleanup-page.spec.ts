import { expect, type Page, test } from '@playwright/test';
import { shootAtSizes } from './helpers';
import { chinesePng } from './image-translate-fixture';

async function naturalWidth(page: Page, alt: string): Promise<number> {
  const img = page.getByTestId('cleanup-result').getByRole('img', { name: alt, exact: true });
  await expect(img).toBeVisible();
  await expect
    .poll(() =>
      img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

test('이미지 글자 지우기: nothing given is refused, an uploaded image comes back without its text and can be downloaded', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/CleanUp');
  await expect(page.getByRole('heading', { name: '이미지 글자 지우기' })).toBeVisible();
  await expect(page.getByText('준비 중', { exact: true })).toHaveCount(0);

  // No file and no URL: the Korean message beside the form, no request made.
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/images/cleanup')) calls++;
  });
  await page.getByTestId('cleanup-run').click();
  await expect(page.getByRole('alert')).toHaveText('이미지 파일이나 주소를 입력해주세요.');
  expect(calls).toBe(0);

  // A URL the server cannot use: the server's Korean refusal, no result shown.
  await page.getByLabel('이미지 주소').fill('http://127.0.0.1:1/nothing.png');
  await page.getByTestId('cleanup-run').click();
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  expect(await page.getByRole('alert').innerText()).toMatch(/[가-힣]/);
  await expect(page.getByTestId('cleanup-result')).toHaveCount(0);
  await page.getByLabel('이미지 주소').fill('');

  // Upload the generated Chinese picture: before / after, the count of removed lines, a download link.
  await page.locator('input[type="file"]').setInputFiles(chinesePng());
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/images/cleanup'));
  await page.getByTestId('cleanup-run').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { url: string; originalUrl: string; lines: number };
  expect(body.lines).toBeGreaterThanOrEqual(3);

  const result = page.getByTestId('cleanup-result');
  await expect(result).toBeVisible();
  await expect(result).toContainText(`지운 줄 ${body.lines}개 · 800×800`);
  expect(await naturalWidth(page, '원본')).toBe(800);
  expect(await naturalWidth(page, '글자 지운 이미지')).toBe(800);
  const after = result.getByRole('img', { name: '글자 지운 이미지', exact: true });
  expect(await after.getAttribute('src')).toBe(body.url);
  expect(body.url).not.toBe(body.originalUrl);

  const download = result.getByRole('link', { name: '다운로드' });
  await expect(download).toHaveAttribute('href', body.url);
  await expect(download).toHaveAttribute('download', '');
  const file = await page.request.get(body.url);
  expect(file.ok()).toBe(true);
  expect(file.headers()['content-type']).toMatch(/^image\//);

  await shootAtSizes(page, 'cleanup-result');
});
