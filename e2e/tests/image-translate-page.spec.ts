import { expect, type Page, test } from '@playwright/test';
import { shootAtSizes } from './helpers';
import { chinesePng } from './image-translate-fixture';

const HAN = /\p{Script=Han}/u;

async function loaded(page: Page, testId: string): Promise<string> {
  const img = page.getByTestId(testId).locator('img');
  await expect(img).toBeVisible();
  await expect
    .poll(() =>
      img.evaluate(
        (el) =>
          (el as unknown as { complete: boolean; naturalWidth: number }).complete &&
          (el as unknown as { naturalWidth: number }).naturalWidth,
      ),
    )
    .toBeGreaterThan(0);
  return (await img.getAttribute('src')) ?? '';
}

test('a developer uploads a Chinese image, sees the OCR boxes and three images, edits Korean text and regenerates', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const png = chinesePng();

  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/AIimage');
  await expect(page.getByRole('heading', { name: 'AI 이미지 번역' })).toBeVisible();
  await expect(page.getByText('준비 중', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('panel-original')).toContainText('이미지를 선택하면 여기에 표시됩니다.');
  await shootAtSizes(page, 'image-translate-empty');

  // Upload: the file goes to upload-image, then getImageTranslateV2, then the batch query.
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/rocket-registration/upload-image'));
  await page.locator('input[type="file"]').setInputFiles(png);
  expect((await uploaded).ok()).toBe(true);
  const requestId = page.getByTestId('request-id');
  await expect(requestId).toBeVisible({ timeout: 180_000 });
  const firstId = (await requestId.textContent())?.trim() ?? '';
  expect(firstId).not.toBe('');

  // Three images side by side, each loaded.
  const originalSrc = await loaded(page, 'panel-original');
  const removedSrc = await loaded(page, 'panel-removed');
  const translatedSrc = await loaded(page, 'panel-translated');
  expect(new Set([originalSrc, removedSrc, translatedSrc]).size).toBe(3);

  // OCR boxes over the original, one per recognised line, the same count as the table rows.
  const boxes = page.getByTestId('panel-original').getByTestId('ocr-box');
  const rows = page.getByTestId('ocr-row');
  await expect(boxes.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(boxes).toHaveCount(count);
  const sources = await page.getByTestId('ocr-source').allTextContents();
  expect(sources.filter((s) => HAN.test(s)).length).toBeGreaterThanOrEqual(3);
  expect(sources.join(' ')).toContain('收纳盒');
  // A box lies over its line: the title banner's box is in the top 120 px of the 800 px picture.
  const titleIndex = sources.findIndex((s) => s.includes('收纳盒'));
  const points = (await boxes.nth(titleIndex).getAttribute('points')) ?? '';
  const ys = points.split(' ').map((p) => Number(p.split(',')[1]));
  expect(Math.max(...ys)).toBeLessThanOrEqual(130);
  expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);

  // Korean already written by the engine for the Chinese lines.
  const titleInput = page.getByLabel(`${titleIndex + 1}번 한국어 문구`);
  await expect(titleInput).not.toHaveValue('');
  expect(HAN.test(await titleInput.inputValue())).toBe(false);

  // Pointing at a line in the table highlights its box on the image.
  await rows.nth(1).hover();
  await expect(boxes.nth(1)).toHaveAttribute('data-active', 'true');
  await expect(boxes.nth(0)).not.toHaveAttribute('data-active', 'true');

  // Clicking a box focuses its Korean text.
  await boxes.nth(titleIndex).click();
  await expect(titleInput).toBeFocused();
  await shootAtSizes(page, 'image-translate-result');

  // Edit and regenerate: a new request id and a new translated image.
  const regenerate = page.getByRole('button', { name: /이미지 다시 만들기/ });
  await expect(regenerate).toBeDisabled();
  await titleInput.fill('튼튼한 수납함 신상품');
  await expect(regenerate).toHaveText('이미지 다시 만들기 (1개 수정)');
  const ocrCall = page.waitForRequest((r) => r.url().endsWith('/api/aiPage/getImageOCR'));
  await regenerate.click();
  const sent = (await ocrCall).postDataJSON() as {
    preRequestId: string;
    url: string;
    rmUrl: string;
    ocrData: { target: string }[];
  };
  expect(sent.preRequestId).toBe(firstId);
  expect(sent.rmUrl).toBe(removedSrc);
  expect(sent.ocrData[titleIndex]?.target).toBe('튼튼한 수납함 신상품');

  await expect(requestId).not.toHaveText(firstId, { timeout: 120_000 });
  const newSrc = await loaded(page, 'panel-translated');
  expect(newSrc).not.toBe(translatedSrc);
  await expect(page.getByRole('radio', { name: 'v2 (수정본)' })).toBeChecked();
  await expect(regenerate).toBeDisabled();
  // The regenerated picture differs from the first translation.
  const before = await (await page.request.get(translatedSrc)).body();
  const after = await (await page.request.get(newSrc)).body();
  expect(after.length).toBeGreaterThan(1000);
  expect(after.equals(before)).toBe(false);

  // Zoom: the three images grow together.
  const stageWidth = () =>
    page
      .getByTestId('panel-translated')
      .locator('img')
      .evaluate((el) => el.getBoundingClientRect().width);
  const fitWidth = await stageWidth();
  await page.getByText('200%', { exact: true }).click();
  await expect.poll(stageWidth).toBeGreaterThan(fitWidth * 1.9);
  // Scrolling one zoomed image scrolls the other two to the same spot.
  const viewport = (id: string) => page.getByTestId(`${id}-viewport`);
  await viewport('panel-original').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.scrollLeft = el.scrollWidth;
  });
  for (const id of ['panel-removed', 'panel-translated']) {
    await expect.poll(() => viewport(id).evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await expect.poll(() => viewport(id).evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  }
  await shootAtSizes(page, 'image-translate-regenerated-zoom');
  await page.getByText('맞춤', { exact: true }).click();

  // The first version stays available.
  await page.getByText('v1 (자동 번역)').click();
  await expect(page.getByTestId('panel-translated').locator('img')).toHaveAttribute('src', translatedSrc);

  // Pick it again later: after a reload the recent list opens the edited version by its request id,
  // with the edited Korean text as the server stored it.
  await page.getByText('v2 (수정본)').click();
  const v2Id = (await requestId.textContent())?.trim() ?? '';
  expect(v2Id).not.toBe(firstId);
  await page.reload();
  await expect(page.getByTestId('request-id')).toHaveCount(0);
  await page.getByRole('button', { name: `불러오기 ${v2Id}` }).click();
  await expect(requestId).toHaveText(v2Id);
  await expect(page.getByLabel(`${titleIndex + 1}번 한국어 문구`)).toHaveValue('튼튼한 수납함 신상품');
  await loaded(page, 'panel-original');
  await loaded(page, 'panel-removed');
  expect(await loaded(page, 'panel-translated')).toBe(newSrc);
  // …and the first one by typing its request id.
  await page.getByRole('tab', { name: '요청 ID' }).click();
  await page.getByRole('textbox', { name: '요청 ID' }).fill(firstId);
  await page.getByRole('button', { name: '불러오기', exact: true }).click();
  await expect(requestId).toHaveText(firstId);
  expect(await loaded(page, 'panel-translated')).toBe(translatedSrc);

  // Dark mode keeps the images and the boxes readable.
  await page.getByRole('button', { name: '다크 모드로 전환' }).click();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await page.getByRole('heading', { name: 'AI 이미지 번역' }).scrollIntoViewIfNeeded();
  await shootAtSizes(page, 'image-translate-dark');
  await page.getByRole('button', { name: '라이트 모드로 전환' }).click();
});

test('a wrong image address is refused in the page; an unreachable one shows the server message', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/AIimage');
  await page.getByRole('tab', { name: '이미지 URL' }).click();
  const input = page.getByLabel('이미지 주소');
  await input.fill('file:///etc/passwd');
  await page.getByRole('button', { name: '번역 시작' }).click();
  await expect(page.getByText('http(s)로 시작하는 이미지 주소를 입력하세요.')).toBeVisible();

  // A private address: the server's SSRF guard refuses it and the page shows its message.
  await input.fill('http://127.0.0.1:9/a.png');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/aiPage/getImageTranslateV2'));
  await page.getByRole('button', { name: '번역 시작' }).click();
  const res = await answer;
  expect(res.ok()).toBe(false);
  const { message } = (await res.json()) as { message: string };
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByTestId('request-id')).toHaveCount(0);
});
