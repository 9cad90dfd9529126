import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

export const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/1688_offer_943009939489_window_context.json',
);
export const captureText = () => readFileSync(FIXTURE, 'utf8');

/** A fresh company for each test, so imports start from nothing. */
export async function signUpSeller(page: Page): Promise<void> {
  await page.goto('/auth/sign-up');
  await page.getByLabel('회사명').fill('로켓상사');
  await page.getByLabel('이름').fill('박셀러');
  await page.getByLabel('이메일').fill(uniqueEmail());
  const passwords = page.locator('input[type="password"]');
  await passwords.nth(0).fill('rocket-pass-1');
  await passwords.nth(1).fill('rocket-pass-1');
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Sets price and discount price of one SKU everywhere the capture lists it. */
export function withSkuPrice(text: string, skuId: number, price: string): string {
  const data = JSON.parse(text);
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.skuId === skuId && 'price' in o) {
        o.price = price;
        if ('discountPrice' in o) o.discountPrice = price;
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(data);
  return JSON.stringify(data, null, 1);
}
