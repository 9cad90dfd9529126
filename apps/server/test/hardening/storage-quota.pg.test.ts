import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createStorageQuotaRepository } from '../../src/images/storage-quota-repository.ts';
import { createTestApp, signIn, signUp } from '../support/test-app.ts';

/** A PNG of random pixels: it does not compress, so its size is about 3 bytes a pixel. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

describe('storage quota per company (STORAGE_QUOTA_MB)', async () => {
  const { app, db, dataDir } = await createTestApp({ STORAGE_QUOTA_MB: '1' });

  async function seller() {
    const email = `quota${Math.random().toString(36).slice(2)}@example.com`;
    await signUp(app, { email });
    await db
      .updateTable('users')
      .set({ auth: JSON.stringify({ showRocketReg: true }) })
      .where('email', '=', email)
      .execute();
    const cookie = await signIn(app, email);
    const { company_id } = await db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const upload = async (png: Buffer) =>
      app.inject({
        method: 'POST',
        url: '/api/rocket-registration/upload-image',
        headers: { cookie },
        payload: {
          imageData: `data:image/png;base64,${png.toString('base64')}`,
          filename: 'a.png',
          type: 'main',
        },
      });
    return { companyId: company_id, upload };
  }
  const filesOf = (companyId: string) => {
    try {
      return readdirSync(path.join(dataDir, 'files', companyId), { recursive: true }).filter((f) =>
        /\.(png|jpg)$/.test(String(f)),
      );
    } catch {
      return [];
    }
  };

  it('counts what a company stores and refuses a file over the quota with 413 in Korean, storing nothing', async () => {
    const a = await seller();
    const image = await noisePng(480); // ≈ 690 KB
    const first = await a.upload(image);
    expect(first.statusCode).toBe(200);
    const used = await createStorageQuotaRepository(db).storageUsed(a.companyId);
    expect(used).toBe(first.json().filesize);
    expect(used).toBeGreaterThan(600 * 1024);

    const second = await a.upload(image);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({
      code: 'storage_quota_exceeded',
      error: '회사 저장 공간 한도(1MB)를 넘어 파일을 저장할 수 없습니다. 관리자에게 문의하세요.',
    });
    expect(await createStorageQuotaRepository(db).storageUsed(a.companyId)).toBe(used);
    expect(filesOf(a.companyId)).toHaveLength(1);

    // A small file still fits under the quota.
    const small = await a.upload(await noisePng(100));
    expect(small.statusCode).toBe(200);
    expect(filesOf(a.companyId)).toHaveLength(2);
  });

  it("one company's quota does not limit another company", async () => {
    const a = await seller();
    const b = await seller();
    const image = await noisePng(480);
    expect((await a.upload(image)).statusCode).toBe(200);
    expect((await a.upload(image)).statusCode).toBe(413);
    expect((await b.upload(image)).statusCode).toBe(200);
  });

  it('concurrent uploads of one company cannot overshoot the quota together', async () => {
    const a = await seller();
    const image = await noisePng(400); // ≈ 480 KB: two fit in 1 MB, not eight
    const answers = await Promise.all(Array.from({ length: 8 }, () => a.upload(image)));
    const ok = answers.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(2);
    expect(answers.filter((r) => r.statusCode === 413)).toHaveLength(6);
    expect(await createStorageQuotaRepository(db).storageUsed(a.companyId)).toBeLessThanOrEqual(1024 * 1024);
    expect(filesOf(a.companyId)).toHaveLength(2);
  });
});
