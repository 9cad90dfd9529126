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
  saved: { ko: '저장했습니다.', en: 'Saved.' },
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
