import { describe, expect, it } from 'vitest';
import { httpErrorMessage } from './http-error-message.ts';

describe('httpErrorMessage (W §8 HTTP helper)', () => {
  it.each([
    [{ cancelled: true }, '요청이 취소되었습니다.', false],
    [{ status: 401 }, '인증이 필요합니다.', true],
    [{ status: 500 }, '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.', false],
    [{ status: 503, serverMessage: 'x' }, '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.', false],
    [{ status: 400, serverMessage: '잘못된 요청입니다' }, '잘못된 요청입니다', false],
    [{ status: 404 }, '요청 처리 중 오류가 발생했습니다.', false],
    [{ noResponse: true }, '서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.', false],
    [{}, '알 수 없는 오류가 발생했습니다.', false],
  ])('%o → %s', (failure, message, isAuthError) => {
    expect(httpErrorMessage(failure)).toMatchObject({ message, isAuthError });
  });
});
