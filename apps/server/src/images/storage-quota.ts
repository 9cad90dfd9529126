import { AppError } from '../errors/app-error.ts';
import type { FileStorage } from './storage.ts';
import type { StorageQuotaRepository } from './storage-quota-repository.ts';

/**
 * Storage quota per company: every `put` (uploads, translated images, generated images, exports)
 * first reserves its bytes in `company_storage` in one statement that refuses to pass the quota, so
 * concurrent writers of one company cannot overshoot it together; a failed write gives its bytes
 * back (`quotas`: the container's `createStorageQuotaRepository(db)`). Over the quota: 413 `storage_quota_exceeded` with a Korean message, nothing stored.
 */
export const quotaExceededMessage = (quotaBytes: number) => {
  const gb = quotaBytes / 1024 ** 3;
  const size = gb >= 1 ? `${Number(gb.toFixed(1))}GB` : `${Math.round(quotaBytes / 1024 ** 2)}MB`;
  return {
    ko: `회사 저장 공간 한도(${size})를 넘어 파일을 저장할 수 없습니다. 관리자에게 문의하세요.`,
    en: `Your company's storage quota (${size}) is used up; the file was not stored. Contact the operator.`,
  };
};

export function withStorageQuota<S extends FileStorage>(
  storage: S,
  quotas: Pick<StorageQuotaRepository, 'reserveStorage' | 'releaseStorage'>,
  quotaBytes: number,
): S {
  const guarded = Object.create(storage) as S;
  guarded.put = async (companyId, fileName, data, contentType) => {
    const bytes = data.byteLength;
    if (bytes > quotaBytes) throw refuse(quotaBytes);
    const accounted = await quotas.reserveStorage(companyId, bytes, quotaBytes);
    if (accounted === 'over quota') throw refuse(quotaBytes);
    try {
      return await storage.put(companyId, fileName, data, contentType);
    } catch (e) {
      if (accounted === 'counted') await quotas.releaseStorage(companyId, bytes).catch(() => {});
      throw e;
    }
  };
  return guarded;
}

const refuse = (quotaBytes: number) =>
  new AppError('storage_quota_exceeded', 'too_large', quotaExceededMessage(quotaBytes));
