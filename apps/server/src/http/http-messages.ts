import { ERROR_MESSAGES, type Message } from '../errors/app-error.ts';

/** Messages of the HTTP layer itself (areas keep theirs beside their code or in the domain catalogue). */
export const HTTP_MESSAGES = {
  ...ERROR_MESSAGES,
  bodyTooLarge: { ko: '요청 본문이 너무 큽니다.', en: 'The request body is too large.' },
  unauthenticatedBodyTooLarge: {
    ko: '로그인하지 않은 요청의 본문이 너무 큽니다. 로그인한 뒤 다시 시도해주세요.',
    en: 'The body of a request without a sign-in is too large. Sign in and try again.',
  },
  unsupportedMediaType: { ko: '지원하지 않는 요청 형식입니다.', en: 'Unsupported content type.' },
  unknownApi: { ko: '존재하지 않는 API입니다.', en: 'No such API.' },
} satisfies Record<string, Message>;
