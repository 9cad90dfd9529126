import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** Screenshots of the current page at the two sizes UI.md asks for. */
export async function shootAtSizes(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

export function uniqueEmail(): string {
  return `seller-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs in as the demo user from the sign-in page (demo mode fills the form) and lands on the dashboard. */
export async function signInDemo(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: '데모 계정 입력' }).click();
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
