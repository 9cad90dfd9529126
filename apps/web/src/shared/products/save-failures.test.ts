import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http';
import { savingAs } from './http';

// W §8's save-failure messages (issue 42): a failed save says the spec's message first.

describe('savingAs', () => {
  it('a refused save: the spec’s message, then the server’s', async () => {
    const refused = Promise.reject(
      new HttpError('client', '이미 수정된 상품입니다.', 409, 'version_conflict'),
    );
    const err = await savingAs('partialUpdateFailed', refused).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      message: '상품 정보 부분 업데이트 실패: 이미 수정된 상품입니다.',
      status: 409,
      code: 'version_conflict',
    });
  });

  it.each([
    ['settingsSaveFailed', '설정 저장 실패'],
    ['productDeleteFailed', '상품 삭제 실패'],
    ['productFetchFailed', '상품 정보를 가져올 수 없습니다'],
    ['detailImageStructureUpdateFailed', '상세 이미지 구조 업데이트 실패'],
  ] as const)('%s says %s', async (what, head) => {
    const err = await savingAs(what, Promise.reject(new HttpError('server', '서버 오류', 500))).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ message: `${head}: 서버 오류` });
  });

  it('a cancelled request and a success are left as they are', async () => {
    const cancelled = new HttpError('cancelled', '요청이 취소되었습니다.');
    await expect(savingAs('partialUpdateFailed', Promise.reject(cancelled))).rejects.toBe(cancelled);
    await expect(savingAs('partialUpdateFailed', Promise.resolve(7))).resolves.toBe(7);
  });
});
