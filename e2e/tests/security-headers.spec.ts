import { expect, test } from '@playwright/test';
import { signUpSeller } from './products-support';

// Issue 14: the web app works under the server's Content-Security-Policy (nothing it needs is
// blocked), and a company's AI endpoint pointing at an internal address is refused in Korean.
test('the app runs under the CSP without violations; an internal AI endpoint is refused on the settings page', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text()))
      violations.push(m.text());
  });
  page.on('pageerror', (e) => violations.push(String(e)));

  const first = await page.request.get('/api/health');
  expect(first.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(first.headers()['referrer-policy']).toBe('no-referrer');

  await signUpSeller(page);
  await expect(page.getByRole('heading', { name: /님, 안녕하세요$/ })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: '설정' })).toBeVisible();
  await expect(page.getByLabel('마진율 (%)', { exact: true })).toHaveValue('40');

  await page.getByRole('radio', { name: 'OpenAI 호환 API' }).check();
  const baseUrl = page.getByLabel('API 기본 URL');
  await baseUrl.fill('https://169.254.169.254/latest');
  await expect(baseUrl).toHaveValue('https://169.254.169.254/latest');
  await page.getByLabel('모델', { exact: true }).fill('gpt-x');
  await page.getByLabel('API Key', { exact: true }).fill('sk-test-0000000000');
  await page.getByTestId('settings-save').click();
  // The spec's save-failure message first, then the server's reason (issue 42).
  await expect(page.getByRole('alert').filter({ hasText: 'AI 서버 주소' })).toHaveText(
    '설정 저장 실패: 허용되지 않는 AI 서버 주소입니다 (내부·사설 주소는 사용할 수 없습니다)',
  );
  const stored = await (await page.request.get('/api/settings')).json();
  expect(stored.settings[0]).toMatchObject({ openaiBaseUrl: '', aiProvider: 'offline' });

  await baseUrl.fill('https://api.together.xyz/v1');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('status').filter({ hasText: '설정을' })).toHaveText('설정을 저장했습니다.');

  await page.goto('/listproduct');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
