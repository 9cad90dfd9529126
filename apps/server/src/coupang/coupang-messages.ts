import type { Message } from '../errors/app-error.ts';

// The Coupang area's own messages. Coupang's answer text is Korean already: it is shown as it came.

export const COUPANG_MESSAGES = {
  keysMissing: {
    ko: '쿠팡 Open API 키(업체코드, Access Key, Secret Key)를 먼저 저장해주세요.',
    en: 'Save your Coupang Open API keys (vendor id, access key, secret key) first.',
  },
  keysRefused: {
    ko: '쿠팡이 API 키를 받아들이지 않았습니다(401). 업체코드와 Access/Secret Key가 WING에서 발급한 값과 같은지, 이 서버의 시계가 맞는지 확인해주세요.',
    en: "Coupang refused the API keys (401). Check that the vendor id and the access/secret keys match the ones issued in WING, and that this server's clock is right.",
  },
  ipNotRegistered: {
    ko: '쿠팡이 이 서버의 접속을 거절했습니다(403). WING > 판매자정보 > 추가판매정보 > OPEN API 키 발급에서 이 서버의 IP 주소를 등록해주세요(반영까지 최대 24시간).',
    en: "Coupang refused this server (403). Register this server's IP address for the key in WING (Seller info > additional sales info > Open API key); it can take up to 24 hours.",
  },
  blocked: {
    ko: '쿠팡이 이 서버의 호출을 일시적으로 막았습니다(403 Access Denied). 실패한 호출이 많을 때 생기는 차단으로, 수십 분 뒤 다시 시도해주세요. 계속되면 쿠팡 판매자 지원에 문의해주세요.',
    en: 'Coupang temporarily blocked calls from this server (403 Access Denied), which follows bursts of failing calls. Try again in tens of minutes; if it continues, contact Coupang seller support.',
  },
  rocketGrowthConsent: {
    ko: '로켓그로스 상품 생성 API를 쓰려면 WING에서 동의가 필요합니다. WING > 판매자정보 > 추가판매정보에서 "로켓그로스 상품 API 및 검수 동의"를 눌러 동의한 뒤 다시 보내주세요.',
    en: 'The Rocket Growth product API needs your consent in WING: Seller info > additional sales info > "Agree to Rocket Growth Product API & Inspection", then send again.',
  },
  inflowRestricted: {
    ko: '쿠팡이 이 계정의 상품 등록을 제한하고 있습니다(inflow-status). WING에서 계정 상태를 확인해주세요.',
    en: 'Coupang restricts product registration for this account (inflow-status). Check the account in WING.',
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
  notCreated: {
    ko: '응답을 받지 못한 등록을 쿠팡에서 찾을 수 없어 만들어지지 않은 것으로 확인했습니다',
    en: 'The registration whose answer was lost is not on Coupang: it was not created',
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

/** After a 429 the vendor's calls are held back for minutes (Coupang blocks bursts for minutes). */
export const backoffMessage = (minutes: number): Message => ({
  ko: `쿠팡이 호출이 너무 많다고 답해(429) 이 업체코드의 호출을 ${minutes}분 동안 멈췄습니다. 그 뒤에 다시 시도해주세요.`,
  en: `Coupang answered 429 (too many calls), so this vendor's calls are paused for ${minutes} min. Try again after that.`,
});

/** More products than the account may still register (inflow-status). */
export const inflowOverMessage = (count: number, left: number): Message => ({
  ko: `쿠팡이 이 계정에 허용한 등록 수가 부족합니다: 보내려는 상품 ${count}개, 남은 등록 가능 수 ${left}개.`,
  en: `Coupang's registration allowance for this account is too small: ${count} products to send, ${left} left.`,
});

/** Issue 42: the subscription's registration slots are all held (the spec's rocketRegSlot). */
export const slotsUsedUpMessage = (slots: number, used: number): Message => ({
  ko: `등록 슬롯을 모두 사용했습니다(${used}/${slots}개). 새 상품을 쿠팡에 등록하려면 구독의 등록 슬롯을 늘려주세요. 이미 등록된 상품의 수정 전송은 슬롯을 쓰지 않습니다.`,
  en: `All registration slots are in use (${used} of ${slots}). Add registration slots to your subscription to register new products on Coupang; sending an already registered product again uses none.`,
});

/** Coupang refused a call: its own message, shown as it came. */
export const refusedBy = (text: string): Message => ({
  ko: `쿠팡이 요청을 거절했습니다: ${text}`,
  en: `Coupang refused the request: ${text}`,
});
