import { expect, test } from '@playwright/test';
import { shootAtSizes } from './helpers';
import { signUpSeller } from './products-support';

test('settings: Korean validation next to the fields, the stored key shown masked and kept when the field is left masked', async ({
  page,
}) => {
  await signUpSeller(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: '설정' })).toBeVisible();
  await expect(page.getByLabel('마진율 (%)', { exact: true })).toHaveValue('40');
  await expect(page.getByLabel('환율 (원/위안)')).toHaveValue('350');
  await shootAtSizes(page, 'settings');

  // Invalid values: messages next to the fields, nothing saved.
  await page.getByLabel('마진율 (%)', { exact: true }).fill('120');
  await page.getByRole('radio', { name: 'Google Gemini' }).check();
  await page.getByTestId('settings-save').click();
  await expect(page.getByText('0 이상 100 미만이어야 합니다.')).toBeVisible();
  await expect(page.getByText('이 제공자를 쓰려면 API Key가 필요합니다.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '표시된' })).toHaveText(
    '표시된 항목을 고쳐 주세요.',
  );
  await shootAtSizes(page, 'settings-errors');

  await page.getByLabel('마진율 (%)', { exact: true }).fill('35');
  await page.getByLabel('Gemini API Key').fill('AIzaSyTEST-key-0000001234');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('status').filter({ hasText: '설정을' })).toHaveText('설정을 저장했습니다.');

  // After a reload the key is a mask, never the key itself.
  await page.reload();
  const key = page.getByLabel('Gemini API Key');
  await expect(key).not.toHaveValue('');
  await expect(key).not.toHaveValue('AIzaSyTEST-key-0000001234');
  await expect(page.getByLabel('마진율 (%)', { exact: true })).toHaveValue('35');
  await expect(page.getByText('저장된 키가 있습니다.', { exact: false })).toBeVisible();

  // Saving with the mask untouched keeps the stored key.
  await page.getByLabel('원산지').fill('중국');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('status').filter({ hasText: '설정을' })).toHaveText('설정을 저장했습니다.');
  const res = await page.request.get('/api/settings');
  const body = await res.json();
  expect(body.settings[0].hasGeminiAPIKey).toBe(true);
  expect(body.settings[0].geminiAPIKey).toMatch(/1234$/);
  expect(body.settings[0].aiProvider).toBe('gemini');
});
