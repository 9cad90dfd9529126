import { expect } from 'vitest';
import { type Client, createTaskEnv, signUp, type TaskEnv } from '../workflow/task-env.ts';

export type Product = { _id: string; registrationId: string } & Record<string, unknown>;

/** A company whose AI is the given provider (a fresh key: its own limiter bucket), or offline. */
export async function newCompany(
  env: TaskEnv,
  provider: 'gemini' | 'openai' | 'offline',
  opts: { key?: string | null; settings?: Record<string, unknown> } = {},
): Promise<Client> {
  const client = await signUp(env.app, env.db);
  const key = opts.key === undefined ? `test-key-${Math.random().toString(36).slice(2)}` : opts.key;
  const entry: Record<string, unknown> = { aiProvider: provider, ...(opts.settings ?? {}) };
  if (provider === 'gemini' && key) entry.geminiAPIKey = key;
  if (provider === 'openai' && key) entry.openaiAPIKey = key;
  const saved = await client.post('/api/savesetting', { settings: [entry] });
  expect(saved.status).toBe(200);
  return client;
}

/** Saves a product and, with a category, adds it to registration (rocketRegInfo, option documents). */
export async function newProduct(
  client: Client,
  doc: Record<string, unknown>,
  displayCategoryCode?: number,
): Promise<Product> {
  const saved = await client.post('/api/rocketReg/saveItems', [doc]);
  expect(saved.status).toBe(200);
  const product = saved.body.savedItems[0] as Product;
  if (displayCategoryCode === undefined) return product;
  const reg = await client.post('/api/rocketReg/regproduct', { productId: product._id, displayCategoryCode });
  expect(reg.status).toBe(200);
  return reg.body.product as Product;
}

// biome-ignore lint/suspicious/noExplicitAny: stored documents are read loosely, as a client would.
export async function storedDoc(env: TaskEnv, id: string): Promise<Record<string, any>> {
  const row = await env.db
    .selectFrom('products')
    .select('doc')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return row.doc as Record<string, any>;
}

/** A product as 1688 import leaves it: Chinese names, empty Korean names, prices in yuan. */
export function importedTshirt(): Record<string, unknown> {
  return {
    productName: '夏季纯棉短袖T恤女',
    subject: '夏季纯棉短袖T恤女',
    productNameTrans: '여름 순면 반팔 티셔츠 여성',
    attributes: [{ attributeName: '材质', value: '纯棉' }],
    detailImages: [],
    options: [
      {
        option1: { name: '白色', nameTrans: '화이트' },
        option2: { name: 'M', nameTrans: 'M' },
        korName: '',
        price: 10,
      },
      {
        option1: { name: '黑色', nameTrans: '블랙' },
        option2: { name: 'L', nameTrans: 'L' },
        korName: '',
        price: 20,
      },
    ],
  };
}

export { type Client, createTaskEnv, type TaskEnv };
