import { expect, test } from '@playwright/test';
import {
  EXTRA_ROUTE_NAMES,
  MAIN_ROUTE_NAMES,
  PLACEHOLDER_ROUTES,
} from '../../apps/web/src/app/route-catalog';
import { shootAtSizes } from './helpers';

test('the demo user signs in with the shown account and sees the full sidebar', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await expect(page.getByLabel('이메일')).toHaveValue('demo@example.com');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /님, 안녕하세요$/ })).toBeVisible();
  await shootAtSizes(page, 'dashboard-demo');

  const nav = page.getByRole('navigation', { name: '주 메뉴' });
  // Open every collapsed group, then every built screen is a visible link, and no "준비 중" route.
  for (const group of await nav.locator('[data-testid^="nav-group-"]').all()) {
    if ((await group.getAttribute('data-expanded')) === null) await group.click();
  }
  const links = nav.getByRole('link');
  await expect(links).toHaveCount(
    MAIN_ROUTE_NAMES.length + EXTRA_ROUTE_NAMES.length - PLACEHOLDER_ROUTES.length,
  );
  for (const label of ['AI 이미지 번역', 'API 모니터', 'AI 로켓 등록', '상품 목록', '그로스 상품 DB']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  // The keyword screens are built since issue 42 (the demo user's flags open them); 트렌드 파인더 is not.
  for (const label of ['키워드 분석', '상품명 최적화']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: '트렌드 파인더', exact: true })).toHaveCount(0);

  // showdeveloper opens /AIimage without a redirect.
  await nav.getByRole('link', { name: 'AI 이미지 번역', exact: true }).click();
  await expect(page).toHaveURL(/\/AIimage$/);
  await expect(page.getByRole('heading', { name: 'AI 이미지 번역' })).toBeVisible();
});

test('unknown paths show the 404 page; /pages and /auth pages open without login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
  await page.goto('/pages/pages-maintainance');
  await expect(page.getByRole('heading', { name: '점검 중입니다' })).toBeVisible();
  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('heading', { name: '비밀번호 찾기' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('language switch: English UI and English server messages, remembered across a reload', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('whatever-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await page.getByText('한국어').click();
  await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
});
