import type { Message } from '../errors/app-error.ts';

// The Coupang area's own messages. Coupang's answer text is Korean already: it is shown as it came.

export const COUPANG_MESSAGES = {
  keysMissing: {
    ko: '쿠팡 Open API 키(업체코드, Access Key, Secret Key)를 먼저 저장해주세요.',
    en: 'Save your Coupang Open API keys (vendor id, access key, secret key) first.',
  },
  keysRefused: {
    ko: '쿠팡이 API 키를 받아들이지 않았습니다. 업체코드와 Access/Secret Key를 확인해주세요.',
    en: 'Coupang refused the API keys. Check the vendor id and the access/secret keys.',
  },
  busy: {
    ko: '쿠팡 API가 요청이 많다고 답했습니다. 잠시 후 다시 시도해주세요.',
    en: 'The Coupang API says it is busy. Try again shortly.',
  },
  timeout: {
    ko: '쿠팡 API가 제때 답하지 않았습니다. 잠시 후 다시 시도해주세요.',
    en: 'The Coupang API did not answer in time. Try again shortly.',
  },
  unreachable: {
    ko: '쿠팡 API에 연결하지 못했습니다. 잠시 후 다시 시도해주세요.',
    en: 'Could not reach the Coupang API. Try again shortly.',
  },
  outcomeUnknown: {
    ko: '쿠팡의 등록 응답을 받지 못했고, 아직 쿠팡에서 이 상품을 찾을 수 없습니다. 중복 등록을 막기 위해 다시 보내지 않았습니다. 1분 뒤 다시 보내면 먼저 쿠팡에 등록되었는지 확인합니다.',
    en: 'Coupang did not answer the registration and does not show the product yet. It was not sent again, to avoid a duplicate. Send it again in a minute: Coupang is asked first whether it has it.',
  },
  waitForLookup: {
    ko: '직전 등록의 결과를 아직 쿠팡에서 확인할 수 없습니다. 1분 뒤 다시 보내주세요.',
    en: 'The outcome of the last registration cannot be checked on Coupang yet. Send it again in a minute.',
  },
  connected: { ko: '쿠팡 Open API 연결을 확인했습니다.', en: 'The Coupang Open API connection works.' },
  imagesNotPublic: {
    ko: '쿠팡이 가져갈 수 있는 공개 주소의 이미지가 아닙니다. S3 저장소나 PUBLIC_URL을 설정해주세요.',
    en: 'The images do not have a public address Coupang can fetch. Configure S3 storage or PUBLIC_URL.',
  },
} satisfies Record<string, Message>;

/** Coupang refused a call: its own message, shown as it came. */
export const refusedBy = (text: string): Message => ({
  ko: `쿠팡이 요청을 거절했습니다: ${text}`,
  en: `Coupang refused the request: ${text}`,
});
