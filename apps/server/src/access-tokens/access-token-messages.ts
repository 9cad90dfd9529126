import type { Message } from '../errors/app-error.ts';

/** What the seller (on the settings screen or, through the extension, on the 1688 page) reads. */
export const ACCESS_TOKEN_MESSAGES = {
  created: (name: string): Message => ({
    ko: `토큰 "${name}"을(를) 만들었습니다. 지금만 보이니 복사해 두세요.`,
    en: `Token "${name}" created. It is shown only now: copy it.`,
  }),
  deleted: { ko: '토큰을 폐기했습니다.', en: 'The token was revoked.' },
  notFound: { ko: '토큰을 찾을 수 없습니다.', en: 'The token was not found.' },
  tooMany: (max: number): Message => ({
    ko: `토큰은 한 사람당 ${max}개까지 만들 수 있습니다. 쓰지 않는 토큰을 폐기한 뒤 다시 만들어주세요.`,
    en: `You can have at most ${max} tokens. Revoke one you no longer use, then create a new one.`,
  }),
  invalid: {
    ko: '액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 확장 프로그램 옵션에 넣어주세요.',
    en: 'The access token is invalid or was revoked. Create a new token on the settings screen and enter it in the extension options.',
  },
  scope: {
    ko: '액세스 토큰으로는 1688 상품 담기만 할 수 있습니다. 이 기능은 로그인해서 사용해주세요.',
    en: 'An access token can only send 1688 offers. Sign in to use this feature.',
  },
  noKeywordScope: {
    ko: '이 토큰은 키워드 수집 전에 만들어져 키워드를 보낼 수 없습니다. 설정 화면에서 새 토큰을 만들어 확장 프로그램 옵션에 넣어주세요.',
    en: 'This token was made before keyword collection and cannot send keywords. Create a new token on the settings screen and enter it in the extension options.',
  },
  tooManyCaptures: (max: number): Message => ({
    ko: `이 토큰으로 1분에 ${max}번까지 담을 수 있습니다. 1분 뒤에 다시 시도해주세요.`,
    en: `This token can send at most ${max} captures a minute. Try again in a minute.`,
  }),
  malformed: {
    ko: 'Authorization 헤더는 "Bearer <토큰>" 형식이어야 합니다.',
    en: 'The Authorization header must be "Bearer <token>".',
  },
} satisfies Record<string, Message | ((...args: never[]) => Message)>;
