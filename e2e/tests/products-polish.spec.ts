/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { formatFileSize } from '../../packages/domain/src/rules/images/format-file-size.ts';
import { shootAtSizes } from './helpers';
import { chinesePng } from './image-translate-fixture';
import { FIXTURE, signUpSeller } from './products-support';

const HANGUL = /[\uAC00-\uD7A3]/;

async function upload(page: Page, file: string, name: string) {
  const imageData = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
  const res = await page.request.post('/api/rocket-registration/upload-image', {
    data: { imageData, filename: name, type: 'main' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { imageUrl: string; filesize: number };
}

/** Imports the sample capture and adds it to registration with a shoe category, through the spec's calls. */
async function importAndRegister(page: Page): Promise<string> {
  const imported = await page.request.post('/api/import1688', {
    data: { inputs: [{ json: JSON.parse(readFileSync(FIXTURE, 'utf8')), name: 'sample.json' }] },
  });
  expect(imported.ok()).toBe(true);
  const productId = (await imported.json()).results[0].productId as string;
  const found = await page.request.post('/api/category/search', { data: { q: '운동화', limit: 5 } });
  const code = (await found.json()).items[0].displayCategoryCode as number;
  const reg = await page.request.post('/api/rocketReg/regproduct', {
    data: { productId, displayCategoryCode: code },
  });
  expect(reg.ok()).toBe(true);
  return productId;
}

test('in English, the registration screen and the product page speak English', async ({ page }) => {
  await signUpSeller(page);
  const productId = await importAndRegister(page);

  await page.goto('/AIRocketReg');
  await expect(page.getByRole('heading', { name: '로켓 등록' })).toBeVisible();
  // The shell's language switch.
  await page.getByRole('radiogroup', { name: '언어' }).getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Rocket registration' })).toBeVisible();
  await expect(page.getByTestId('reg-count')).toHaveText('Products: 1');
  const toolbar = page.getByRole('toolbar');
  await expect(toolbar.getByRole('button', { name: 'Task status' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'More filters' })).toBeVisible();
  await expect(page.getByTestId('selected-count')).toHaveText('0 selected');
  expect(await toolbar.innerText()).not.toMatch(HANGUL);
  expect(await page.locator('thead').innerText()).not.toMatch(HANGUL);
  const row = page.getByTestId('reg-row').first();
  await expect(row.locator('[data-task="pricing"]')).toHaveText('Price');
  await toolbar.getByRole('button', { name: 'More filters' }).click();
  await expect(page.getByLabel('Updated from')).toBeVisible();
  expect(await page.getByTestId('reg-advanced-filters').innerText()).not.toMatch(HANGUL);
  await shootAtSizes(page, 'registration-en');

  // The product page: tabs, sections and labels in English; the completeness checklist from the domain's catalogue.
  await page.goto(`/AIRocketReg?product=${productId}`);
  await expect(page.getByRole('tab', { name: 'Source data' })).toBeVisible();
  expect(await page.getByRole('tablist').innerText()).not.toMatch(HANGUL);
  await expect(page.getByText('Basic information')).toBeVisible();
  await expect(page.getByLabel('Korean product name')).toBeVisible();
  await shootAtSizes(page, 'product-source-en');
  await page.getByRole('tab', { name: 'Main image' }).click();
  await expect(page.getByText(/^Main image per option \(\d+\)$/)).toBeVisible();
  await expect(page.getByTestId('not-processed').first()).toHaveText('Not processed yet');
  await page.getByRole('tab', { name: 'Quotation' }).click();
  await expect(page.getByText('Completeness check')).toBeVisible();
  const issues = page.getByTestId('completeness-issues').locator('li');
  await expect(issues.first()).toBeVisible();
  await expect(page.getByTestId('completeness-issues').locator('[data-code="brandRequired"]')).toHaveText(
    'Brand is required',
  );
  await shootAtSizes(page, 'product-document-en');

  // And back: Korean again, the spec's Korean messages.
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('한국어').click();
  await expect(page.getByText('완성도 점검')).toBeVisible();
  await expect(page.getByTestId('completeness-issues').locator('[data-code="brandRequired"]')).toHaveText(
    '브랜드가 필수입니다.',
  );
});

test('the product page shows images: before/after, sizes, zoom with OCR boxes, a clear empty state', async ({
  page,
}) => {
  await signUpSeller(page);
  const png = chinesePng();
  const original = await upload(page, png, '收纳盒-main.png');
  const processed = await upload(page, png, '收纳盒-ko.png');
  const detail = await upload(page, png, '收纳盒-detail.png');
  const saved = await page.request.post('/api/rocketReg/saveItems', {
    data: [
      {
        registrationId: 'IMG-0001',
        productName: '新款高品质收纳盒',
        korName: '대용량 방수 수납함',
        mainImages: [original.imageUrl],
        detailImages: [detail.imageUrl],
        originDetailImages: [{ originalUrl: detail.imageUrl }],
        processedDetailImages: [
          {
            url: processed.imageUrl,
            originalUrl: detail.imageUrl,
            filesize: 1_234_567,
            translationData: [
              {
                source: '新款高品质收纳盒',
                target: '신형 고품질 수납함',
                bounding_box: [
                  [160, 28],
                  [640, 28],
                  [640, 96],
                  [160, 96],
                ],
              },
              {
                source: '大容量 防水 耐用',
                target: '대용량 방수 내구성',
                bounding_box: [
                  [230, 170],
                  [570, 170],
                  [570, 220],
                  [230, 220],
                ],
              },
            ],
          },
        ],
        options: [
          {
            optionNumber: 'IMG-0001001',
            option1: { name: '绿色', nameTrans: '' },
            mainImageStatus: {
              status: 'completed',
              image: original.imageUrl,
              processedImage: processed.imageUrl,
              filesize: 45_678,
              dimensions: { width: 800, height: 800 },
              textRemoved: true,
            },
          },
          { optionNumber: 'IMG-0001002', option1: { name: '红色', nameTrans: '' } },
        ],
      },
    ],
  });
  expect(saved.ok()).toBe(true);
  const list = await page.request.post('/api/aiRocketReg/getlist', {
    data: { text: 'IMG-0001', view: 'summary' },
  });
  const productId = (await list.json()).products[0]._id as string;

  await page.goto(`/AIRocketReg?product=${productId}&tab=mainImage`);
  const pairs = page.getByTestId('image-pair');
  await expect(pairs).toHaveCount(2);
  const first = pairs.nth(0);
  // Original beside processed, both real images that loaded.
  const images = first.locator('img');
  await expect(images).toHaveCount(2);
  for (const img of await images.all()) {
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(800);
  }
  // The processed size from the document (B/KB/MB rule of the domain), the original's from the file itself.
  const sizes = first.getByTestId('image-size');
  await expect(sizes.nth(0)).toHaveText(formatFileSize(original.filesize));
  await expect(sizes.nth(1)).toHaveText('44.6 KB');
  await expect(first.getByTestId('image-meta').nth(1)).toContainText('800×800');
  // The option without a result says so in Korean.
  await expect(pairs.nth(1).getByTestId('not-processed')).toHaveText('아직 처리되지 않았습니다');
  // No raw JSON in the main view; it is behind the collapsed 원본 데이터.
  await expect(page.locator('pre')).toBeHidden();
  await page.getByText('원본 데이터', { exact: true }).last().click();
  await expect(page.locator('pre')).toContainText('processedImage');
  await shootAtSizes(page, 'product-main-image');

  // Zoom: a modal with both images side by side.
  await first
    .getByRole('button', { name: /크게 보기$/ })
    .first()
    .click();
  const zoom = page.getByRole('dialog');
  await expect(zoom.locator('img')).toHaveCount(2);
  await zoom.getByText('원본 크기').click();
  await expect
    .poll(() =>
      zoom
        .locator('img')
        .first()
        .evaluate((el) => el.getBoundingClientRect().width),
    )
    .toBe(800);
  await page.keyboard.press('Escape');
  await expect(zoom).toBeHidden();

  // Detail images: the OCR boxes over the original in the zoom view, the processed size in MB.
  await page.getByRole('tab', { name: '상세이미지' }).click();
  const detailPair = page.getByTestId('image-pair').first();
  await expect(detailPair.getByTestId('image-size').nth(1)).toHaveText('1.2 MB');
  await expect(detailPair.getByText('OCR 2')).toBeVisible();
  await detailPair
    .getByRole('button', { name: /크게 보기$/ })
    .first()
    .click();
  const boxes = page.getByRole('dialog').getByTestId('ocr-boxes');
  await expect(boxes).toBeVisible();
  await expect(boxes.locator('polygon')).toHaveCount(2);
  await shootAtSizes(page, 'product-detail-zoom');
  await page.getByRole('dialog').getByLabel('OCR 영역 표시').click();
  await expect(boxes).toBeHidden();
  await page.keyboard.press('Escape');

  // Tasks without output: the Korean empty state, not data.
  await page.getByRole('tab', { name: '사이즈표' }).click();
  await expect(page.getByTestId('task-empty')).toContainText('아직 처리되지 않았습니다');
  await page.getByRole('tab', { name: '한글표시' }).click();
  await expect(page.getByTestId('task-empty')).toContainText('아직 처리되지 않았습니다');
});

test('the registration screen shows 40+ rows at 1440×900 under a one-row toolbar, also in dark mode', async ({
  page,
}) => {
  await signUpSeller(page);
  const items = Array.from({ length: 80 }, (_, i) => ({
    registrationId: `DENSE-${String(i).padStart(3, '0')}`,
    productName: `测试商品 ${i}`,
    korName: `밀도 확인 상품 ${i}`,
    options: [],
  }));
  expect((await page.request.post('/api/rocketReg/saveItems', { data: items })).ok()).toBe(true);
  await page.goto('/AIRocketReg');
  await expect(page.getByTestId('reg-count')).toHaveText('상품 80개');

  const fullyVisibleRows = () =>
    page.evaluate(() => {
      const region = document.querySelector('section[aria-label]') as HTMLElement;
      const box = region.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="reg-row"]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= box.top && b.bottom <= box.bottom + 0.5 && b.bottom <= window.innerHeight;
      }).length;
    });
  expect(await fullyVisibleRows()).toBeGreaterThanOrEqual(40);
  const toolbar = page.getByRole('toolbar');
  expect((await toolbar.boundingBox())?.height ?? 999).toBeLessThan(40);

  // The advanced filters open from the keyboard and close again.
  const more = toolbar.getByRole('button', { name: '상세 필터' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('수정일 시작')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reg-advanced-filters')).toBeHidden();

  // Keyboard in the table still works with the dense rows.
  await page.getByRole('region', { name: '로켓 등록' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('selected-count')).toHaveText('1개 선택');
  await shootAtSizes(page, 'registration-dense');

  // Dark mode: same density; text on the rows keeps its contrast against the dark background.
  await page.getByRole('button', { name: '다크 모드로 전환' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await fullyVisibleRows()).toBeGreaterThanOrEqual(40);
  const contrast = await page.evaluate(() => {
    const lum = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const cell = document.querySelectorAll('[data-testid="reg-row"]')[3]?.querySelector('td:nth-child(4)');
    const fg = getComputedStyle(cell?.querySelector('a') ?? (cell as Element)).color;
    const bg = getComputedStyle(document.body).backgroundColor;
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
    return (a + 0.05) / (b + 0.05);
  });
  expect(contrast).toBeGreaterThanOrEqual(4.5);
  await shootAtSizes(page, 'registration-dense-dark');
});
