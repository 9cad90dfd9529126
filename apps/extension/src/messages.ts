// What the seller reads in the extension: Korean by default, English when the browser is in English.

export type Language = 'ko' | 'en';
export type Text = { ko: string; en: string };

export function pickLanguage(browserLanguage: string | undefined): Language {
  return /^en\b/i.test(browserLanguage ?? '') ? 'en' : 'ko';
}

export const TEXT = {
  captureButton: { ko: '담기', en: 'Add' },
  capturing: { ko: '보내는 중…', en: 'Sending…' },
  applyChanges: { ko: '업데이트', en: 'Update' },
  openProduct: { ko: '상품 열기', en: 'Open product' },
  notConfigured: {
    ko: '확장 프로그램 옵션에서 서버 주소와 액세스 토큰을 먼저 입력해주세요.',
    en: 'Enter the server address and access token in the extension options first.',
  },
  openOptions: { ko: '옵션 열기', en: 'Open options' },
  noPageData: {
    ko: '이 페이지에서 상품 데이터(window.context / __INIT_DATA)를 찾지 못했습니다. 페이지를 새로 고친 뒤 다시 시도해주세요.',
    en: 'No offer data (window.context / __INIT_DATA) was found on this page. Reload it and try again.',
  },
  unreachable: {
    ko: '서버에 연결할 수 없습니다. 옵션의 서버 주소를 확인해주세요.',
    en: 'The server cannot be reached. Check the server address in the options.',
  },
  serverError: { ko: '서버 오류가 발생했습니다.', en: 'The server failed.' },
  badAnswer: { ko: '서버의 응답을 읽을 수 없습니다.', en: 'The server answer could not be read.' },
  tabFailed: {
    ko: '상품 페이지를 열어 읽지 못했습니다.',
    en: 'The offer page could not be opened and read.',
  },
  badTokenAnswer: {
    ko: '액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 옵션에 넣어주세요.',
    en: 'The access token is wrong or revoked. Make a new one on the settings screen and enter it in the options.',
  },
  tooMany: {
    ko: '짧은 시간에 너무 많이 담았습니다. 1분 뒤에 다시 시도해주세요.',
    en: 'Too many captures in a short time. Try again in a minute.',
  },
  wrongServer: {
    ko: '이 주소의 서버는 로켓 등록 서버가 아닙니다 (HTTP {status}). 옵션의 서버 주소를 확인해주세요.',
    en: 'The server at this address is not the rocket registration server (HTTP {status}). Check the server address in the options.',
  },
  wrongServerOpaque: {
    ko: '이 주소의 서버는 로켓 등록 서버가 아닙니다 (다른 사이트가 응답했습니다). 옵션의 서버 주소를 확인해주세요.',
    en: 'The server at this address is not the rocket registration server (another site answered). Check the server address in the options.',
  },
  captcha: {
    ko: '1688 보안 인증(슬라이더)이 떠서 상품을 읽지 못했습니다. 열어 둔 탭에서 인증을 마친 뒤 다시 담아주세요.',
    en: '1688 showed its security check (slider), so the offer could not be read. Finish it in the tab left open, then add the offer again.',
  },
  removed: {
    ko: '1688에서 내려갔거나 없는 상품입니다. 탭을 열어 두었습니다.',
    en: 'The offer was removed from 1688 or does not exist. Its tab was left open.',
  },
  unreadable: {
    ko: '15초 안에 상품 데이터를 읽지 못했습니다. 열어 둔 탭을 확인한 뒤 다시 담아주세요.',
    en: 'No offer data could be read within 15 s. Check the tab left open, then add the offer again.',
  },
  finishCaptcha: {
    ko: '먼저 1688 보안 인증(슬라이더)을 마쳐주세요. 인증이 끝나면 담기를 누를 수 있습니다.',
    en: 'Finish 1688’s security check (slider) first; then you can click Add.',
  },
  panelTitle: { ko: '로켓 등록', en: 'Rocket registration' },
  minimise: { ko: '접기', en: 'Minimise' },
  restore: { ko: '펼치기', en: 'Expand' },
  moveHint: { ko: '끌어서 옮기기', en: 'Drag to move' },
  changesTitle: { ko: '바뀐 내용 (업데이트하면 반영됩니다):', en: 'Changes (applied on Update):' },
  moreChanges: { ko: '외 {n}건', en: 'and {n} more' },
  registrationId: { ko: '등록번호 {id}', en: 'Registration {id}' },
  batchLimit: {
    ko: '한 번에 최대 {max}개까지 담을 수 있습니다. 처음 {max}개를 담습니다.',
    en: 'At most {max} offers are added at once; the first {max} are added.',
  },
  batchStopped: {
    ko: '중단했습니다: {message} 남은 {n}개는 열지 않았습니다.',
    en: 'Stopped: {message} The remaining {n} offers were not opened.',
  },
  // list pages
  selectOffer: { ko: '담기 선택', en: 'Select' },
  selected: { ko: '선택 {n}개', en: '{n} selected' },
  captureSelected: { ko: '선택한 상품 담기', en: 'Add selected offers' },
  selectAll: { ko: '모두 선택', en: 'Select all' },
  progress: { ko: '{total}개 중 {done}개 담는 중…', en: 'Adding {done} of {total}…' },
  summary: {
    ko: '완료: 담김 {created} · 다시 담김 {updated} · 변경 있음 {changes} · 변경 없음 {unchanged} · 실패 {failed}',
    en: 'Done: added {created} · re-imported {updated} · changes to review {changes} · unchanged {unchanged} · failed {failed}',
  },
  // options page
  optionsTitle: { ko: '로켓 등록 — 1688 담기 설정', en: 'Rocket registration — 1688 capture settings' },
  serverLabel: { ko: '서버 주소', en: 'Server address' },
  tokenLabel: { ko: '액세스 토큰', en: 'Access token' },
  tokenHelp: {
    ko: '로켓 등록의 설정 화면 → "확장 프로그램 토큰"에서 만든 토큰을 붙여 넣으세요.',
    en: 'Paste a token made on the settings screen → "Extension tokens".',
  },
  save: { ko: '저장', en: 'Save' },
  keywordsCollecting: {
    ko: '쿠팡 키워드를 수집하는 중… ("{seed}")',
    en: 'Collecting Coupang keywords… ("{seed}")',
  },
  keywordsTimeout: {
    ko: '키워드 수집 시간 초과: 30초 안에 키워드를 보내지 못했습니다. 페이지를 새로 고친 뒤 키워드 화면에서 다시 수집해주세요.',
    en: 'Keyword collection timed out: the keywords could not be sent within 30 seconds. Reload the page and collect again from the keyword screen.',
  },
  keywordsFailed: {
    ko: '키워드를 보내지 못했습니다.',
    en: 'The keywords could not be sent.',
  },
  saved: { ko: '저장했습니다.', en: 'Saved.' },
  checking: { ko: '서버와 토큰을 확인하는 중…', en: 'Checking the server and the token…' },
  savedChecked: {
    ko: '연결과 토큰을 확인하고 저장했습니다 ({email}).',
    en: 'Connection and token checked and saved ({email}).',
  },
  notSaved: { ko: '저장하지 않았습니다: {message}', en: 'Not saved: {message}' },
  checkServerError: {
    ko: '서버 오류로 토큰을 확인하지 못했습니다. 잠시 뒤 다시 저장해주세요.',
    en: 'A server error stopped the token check. Save again in a moment.',
  },
  plainHttp: {
    ko: '주의: https가 아닌 http 주소입니다. 토큰과 상품 데이터가 암호화되지 않은 채 네트워크로 전송됩니다. 이 컴퓨터(localhost)가 아니라면 https 주소를 쓰세요.',
    en: 'Warning: this is plain http, not https. The token and the offer data cross the network unencrypted. Use an https address unless the server is this computer (localhost).',
  },
  badServer: {
    ko: '서버 주소는 http:// 또는 https://로 시작하는 주소여야 합니다.',
    en: 'The server address must start with http:// or https://.',
  },
  badToken: {
    ko: '토큰은 rrt_로 시작합니다. 설정 화면에서 복사한 토큰 전체를 붙여 넣으세요.',
    en: 'A token starts with rrt_. Paste the whole token copied from the settings screen.',
  },
} satisfies Record<string, Text>;

export type TextKey = keyof typeof TEXT;

/** The text in the language, with `{name}` placeholders filled. */
export function say(lang: Language, key: TextKey, values: Record<string, string | number> = {}): string {
  return TEXT[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
