import { expect, type Locator, type Page, test } from '@playwright/test';
import { shootAtSizes, signInDemo } from './helpers';

type Product = {
  _id: string;
  registrationId: string;
  mainImages: string[];
  detailImages: unknown[];
  options: { mainImageStatus?: { processedImage?: string; textAreas?: { target: string }[] } }[];
  mainImageStatus?: string;
  additionalImageStatus?: string;
  detailImageStatus?: string;
  additionalImages?: {
    url?: string;
    textAreas?: { target: string }[];
    protectedRegions?: unknown[];
  }[];
  finalDetailImage?: string;
};

async function product(page: Page, filter: { ids?: string[]; text?: string }): Promise<Product> {
  const res = await page.request.post('/api/aiRocketReg/getlist', { data: { ...filter, view: 'full' } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { products: Product[] };
  expect(body.products.length).toBeGreaterThan(0);
  return body.products[0] as Product;
}

/** The src of a loaded image (complete, with pixels). */
async function loadedSrc(img: Locator): Promise<string> {
  await expect(img).toBeVisible();
  await expect
    .poll(() =>
      img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  return (await img.getAttribute('src')) ?? '';
}

/** One image translated or drawn again by the engine: seconds on a busy 2-core machine. */
const IMAGE_WORK = 30_000;

test('a seller runs the image tasks on a sample product, reviews each image, edits a line, translates one image again, protects a line, and rearranges the detail page', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signInDemo(page);

  // A sample product with two detail images (the second main image added as a detail image).
  const before = await product(page, { text: 'DEMO01-000002' });
  const id = before._id;
  const second = before.mainImages[1];
  expect(second).toBeTruthy();
  const add = await page.request.post('/api/aiRocketReg/updatePartial', {
    data: { productId: id, updateFields: { detailImages: [before.detailImages[0], second] } },
  });
  expect(add.ok()).toBe(true);

  // Run the main image task from its tab (the seller's button), then the other two image tasks.
  await page.goto(`/AIRocketReg?product=${id}&tab=mainImage`);
  await expect(page.getByTestId('main-image-pairs')).toBeVisible();
  await page.getByTestId('rerun-task').click();
  await expect(page.getByTestId('task-status').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'completed',
    { timeout: 180_000 },
  );
  const run = await page.request.post('/api/workflow/runs', {
    data: { productIds: [id], tasks: ['additionalImage', 'detailImage'] },
  });
  expect(run.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const p = await product(page, { ids: [id] });
        return [p.mainImageStatus, p.additionalImageStatus, p.detailImageStatus].join(' ');
      },
      { timeout: 240_000, intervals: [2000] },
    )
    .toBe('completed completed completed');

  // Main image tab: every option's before / after (the representative image loses all its text:
  // Coupang refuses text there, issue 20).
  await page.reload();
  const mainPairs = page.getByTestId('main-image-pairs').getByTestId('image-pair');
  await expect(mainPairs).toHaveCount(before.options.length);
  await expect(page.getByTestId('main-image-pairs').getByTestId('not-processed')).toHaveCount(0);
  await shootAtSizes(page, 'image-review-main-tab');

  // Review the first additional image: before / after, its lines, the Korean text editable.
  await page.getByRole('tab', { name: /추가이미지/ }).click();
  const firstAdditional = page.getByTestId('additional-image-pairs').getByTestId('image-pair').first();
  await expect(firstAdditional.getByText(/^OCR \d+$/)).toBeVisible();
  await firstAdditional.getByRole('button', { name: /^확인·수정/ }).click();
  const review = page.getByTestId('image-review');
  await expect(review).toBeVisible();
  await loadedSrc(review.getByTestId('review-original'));
  const firstResult = await loadedSrc(review.getByTestId('review-processed'));
  const lines = review.getByTestId('review-line');
  expect(await lines.count()).toBeGreaterThanOrEqual(2);
  // The OCR lines are drawn over the original exactly (the overlay covers the image, not its column).
  const overlay = review.getByTestId('review-original-boxes');
  await expect(overlay.locator('polygon')).toHaveCount(await lines.count());
  const imgBox = await review.getByTestId('review-original').boundingBox();
  const svgBox = await overlay.boundingBox();
  expect(imgBox && svgBox).toBeTruthy();
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs((imgBox?.[k] ?? 0) - (svgBox?.[k] ?? -10))).toBeLessThanOrEqual(1);
  const line1 = review.getByLabel('1번 줄 한국어');
  const machine = await line1.inputValue();
  expect(machine).toMatch(/[가-힣]/);
  await shootAtSizes(page, 'image-review-modal');

  // Nothing changed yet: regenerate is not offered. Edit line 1 and regenerate: a new image.
  const apply = review.getByRole('button', { name: '수정한 문구로 다시 만들기' });
  await expect(apply).toBeDisabled();
  await line1.fill('튼튼한 원목 의자');
  await apply.click();
  await expect(review.getByTestId('review-result')).toHaveText('수정한 문구로 이미지를 다시 만들었습니다.', {
    timeout: IMAGE_WORK,
  });
  await expect(review.getByTestId('review-processed')).not.toHaveAttribute('src', firstResult);
  const edited = await loadedSrc(review.getByTestId('review-processed'));
  await expect(line1).toHaveValue('튼튼한 원목 의자');
  const stored = await product(page, { ids: [id] });
  expect(stored.additionalImages?.[0]?.url).toBe(edited);
  expect(stored.additionalImages?.[0]?.textAreas?.[0]?.target).toBe('튼튼한 원목 의자');

  // Translate only this image again: another new image, the machine's text back.
  await review.getByRole('button', { name: '이 이미지 다시 번역' }).click();
  await expect(review.getByTestId('review-result')).toHaveText('이미지를 다시 번역했습니다.', {
    timeout: IMAGE_WORK,
  });
  await expect(review.getByTestId('review-processed')).not.toHaveAttribute('src', edited);
  await expect(line1).toHaveValue(machine);

  // Protect line 1 (text printed on the product): saved, the image translated again, the line kept as it is.
  const save = review.getByRole('button', { name: '보호 영역 저장 후 다시 번역' });
  await expect(save).toBeDisabled();
  await review.getByLabel('1번 줄 보호').check();
  await save.click();
  await expect(review.getByTestId('review-result')).toHaveText(
    '보호 영역을 저장하고 이미지를 다시 번역했습니다.',
    {
      timeout: IMAGE_WORK,
    },
  );
  await expect(review.getByText('보호 영역 1개')).toBeVisible();
  await expect(review.getByLabel('1번 줄 보호')).toBeChecked();
  await expect(review.getByLabel('1번 줄 한국어')).toHaveCount(0);
  await expect(lines.first()).toContainText('그대로 둠');

  // Draw a protected region over the original (a logo, text on the product): a drag on the image.
  const original = review.getByTestId('review-original');
  // In the middle of the window: the modal's sticky header must not cover where the drag starts.
  await original.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const at = await original.boundingBox();
  if (!at) throw new Error('the original image is not shown');
  await page.mouse.move(at.x + at.width * 0.02, at.y + at.height * 0.02);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width * 0.06, at.y + at.height * 0.05, { steps: 4 });
  await page.mouse.move(at.x + at.width * 0.1, at.y + at.height * 0.08, { steps: 4 });
  await page.mouse.up();
  await expect(review.getByTestId('protected-region')).toHaveCount(1);
  await expect(review.getByText('보호 영역 2개')).toBeVisible();
  await expect(review.getByRole('button', { name: '그린 영역 1개 지우기' })).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/protect') && r.request().method() === 'POST', {
    timeout: IMAGE_WORK,
  });
  await save.click();
  expect((await saved).status()).toBe(200);
  const storedRegions = async () => {
    const p = await product(page, { ids: [id] });
    return p.additionalImages?.[0]?.protectedRegions?.length;
  };
  await expect.poll(storedRegions).toBe(2);
  await expect(review.getByText('보호 영역 2개')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(review.getByTestId('protected-region')).toHaveCount(1);
  await page.getByRole('button', { name: '닫기', exact: true }).click();
  await expect(review).toHaveCount(0);

  // Additional images: before / after for each, all processed.
  await page.getByRole('tab', { name: /추가이미지/ }).click();
  const addPairs = page.getByTestId('additional-image-pairs').getByTestId('image-pair');
  await expect(addPairs).toHaveCount(stored.additionalImages?.length ?? 0);
  await expect(page.getByTestId('additional-image-pairs').getByTestId('not-processed')).toHaveCount(0);

  // Detail images: both images with their process type in the review, and the merged page.
  await page.getByRole('tab', { name: /상세이미지/ }).click();
  const detailPairs = page.getByTestId('detail-image-pairs').getByTestId('image-pair');
  await expect(detailPairs).toHaveCount(2);
  await expect(page.getByText('최종 상세 이미지')).toBeVisible();
  await detailPairs
    .nth(1)
    .getByRole('button', { name: /^확인·수정/ })
    .click();
  await expect(page.getByTestId('review-process-type')).toHaveText(/처리 방식: (translated|original)/);
  await page.getByRole('button', { name: '닫기', exact: true }).click();

  // AI 상세페이지: the merged 800 px page, the two images in order; move the second up, drop the first, merge again.
  await page.goto(`/AIpage?product=${id}`);
  await expect(page.getByRole('heading', { name: 'AI 상세페이지' })).toBeVisible();
  const merged = page.getByTestId('merged-page');
  const mergedBefore = await loadedSrc(merged);
  expect(await merged.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(800);
  const rows = page.getByTestId('page-image');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('이미지 순서 (2/2)')).toBeVisible();
  await page.getByRole('button', { name: '2번 위로' }).click();
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-index')))).toEqual(['1', '0']);
  await page.getByLabel('1번 포함').uncheck();
  await expect(page.getByText('이미지 순서 (1/2)')).toBeVisible();
  await expect(page.getByText('뺀 이미지는 상세페이지 목록에서 지워집니다.')).toBeVisible();
  await shootAtSizes(page, 'ai-detail-page');
  await page.getByTestId('remerge').click();
  await expect(page.getByTestId('remerge-result')).toHaveText('상세페이지를 다시 합쳤습니다.');
  await expect(merged).not.toHaveAttribute('src', mergedBefore);
  await expect(rows).toHaveCount(1);
  const after = await product(page, { ids: [id] });
  expect(after.detailImages).toHaveLength(1);
  expect(after.finalDetailImage).toBe(await loadedSrc(merged));

  // /AIpageV2 shows the same page.
  await page.goto(`/AIpageV2?product=${id}`);
  await expect(page.getByRole('heading', { name: 'AI 상세페이지 V2' })).toBeVisible();
  await expect(page.getByTestId('page-image')).toHaveCount(1);
});
