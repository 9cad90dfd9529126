import type { ImportMessage } from './schema.ts';

const m = (key: string, ko: string, en: string): ImportMessage => ({ key, ko, en });

/** How to get the page data, said once for every answer that needs it. */
const HOW_KO =
  '1688 상품 페이지를 열고 페이지 소스 보기(Ctrl+U)에서 전체를 복사해 붙여 넣거나, 모바일 상세 데이터 또는 SKU 모델 응답(JSON)을 붙여 넣어 주세요.';
const HOW_EN =
  'Open the 1688 offer page, view its source (Ctrl+U), copy all of it and paste it here, or paste the mobile detail data or the SKU model answer (JSON).';

export const reasons = {
  emptyInput: () =>
    m('empty_input', `붙여 넣은 내용이 비어 있습니다. ${HOW_KO}`, `The pasted text is empty. ${HOW_EN}`),
  linkOnly: () =>
    m(
      'link_without_capture',
      `링크나 상품 번호만으로는 상품 정보를 가져올 수 없습니다. 페이지 데이터가 필요합니다. ${HOW_KO}`,
      `A link or offer number alone cannot be imported: the page data is needed. ${HOW_EN}`,
    ),
  unreadable: (detail: string) =>
    m(
      'unreadable',
      `붙여 넣은 내용을 데이터로 읽을 수 없습니다 (${detail}). ${HOW_KO}`,
      `The pasted text could not be read as data (${detail}). ${HOW_EN}`,
    ),
  unknownFormat: () =>
    m(
      'unknown_format',
      `1688 캡처 형식을 알 수 없습니다. PC 페이지 window.context, 모바일 상세 데이터, SKU 모델 응답 또는 문서화된 JSON 형식만 받습니다. ${HOW_KO}`,
      `Unknown 1688 capture format. Accepted: the PC page window.context, the mobile detail data, the SKU model answer or our documented JSON format. ${HOW_EN}`,
    ),
  apiFailure: (ret: string) =>
    m(
      'api_failure',
      `SKU 모델 응답이 실패 응답입니다 (${ret}). 로그인한 상태에서 다시 받아 주세요.`,
      `The SKU model answer is a failure (${ret}). Capture it again while logged in.`,
    ),
  descriptionOnly: () =>
    m(
      'description_only',
      '상세 설명 페이지만으로는 상품을 만들 수 없습니다. 상품 페이지 데이터와 함께 넣어 주세요.',
      'The description page alone cannot make a product; add it together with the offer page data.',
    ),
  noOfferId: () =>
    m(
      'no_offer_id',
      `캡처에 1688 상품 번호(offerId)가 없습니다. ${HOW_KO}`,
      `The capture has no 1688 offer id. ${HOW_EN}`,
    ),
  noTitle: () =>
    m(
      'no_title',
      '캡처에 상품명이 없어 가져올 수 없습니다. 같은 상품의 페이지 데이터(PC 또는 모바일 상세)를 함께 넣어 주세요.',
      'The capture has no product title, so it was refused. Add the page data (PC or mobile detail) of the same offer.',
    ),
  noSkus: () =>
    m(
      'no_skus',
      '캡처에 옵션(SKU)과 가격 정보가 없어 가져올 수 없습니다. 같은 상품의 SKU 모델 응답을 함께 넣어 주세요.',
      'The capture has no options (SKUs) and no price, so it was refused. Add the SKU model answer of the same offer.',
    ),
  offerMismatch: (ids: string[]) =>
    m(
      'offer_mismatch',
      `서로 다른 상품의 캡처는 합칠 수 없습니다: ${ids.join(', ')}`,
      `Captures of different offers cannot be merged: ${ids.join(', ')}`,
    ),
  multipleOffers: (n: number) =>
    m(
      'multiple_offers',
      `상품 ${n}개가 들어 있습니다. 여러 상품 가져오기(parse1688Import)를 사용해 주세요.`,
      `The input holds ${n} offers; import it as many products (parse1688Import).`,
    ),
  invalidOwnJson: (issues: string[]) =>
    m(
      'invalid_own_json',
      `JSON 형식이 올바르지 않습니다: ${issues.join('; ')}`,
      `The JSON does not follow the import format: ${issues.join('; ')}`,
    ),
  invalidResult: (issues: string[]) =>
    m(
      'invalid_result',
      `가져온 데이터가 올바르지 않습니다: ${issues.join('; ')}`,
      `The imported data is not valid: ${issues.join('; ')}`,
    ),
  noCaptures: () =>
    m('empty_input', `가져올 캡처가 없습니다. ${HOW_KO}`, `There is no capture to import. ${HOW_EN}`),
};

export const warnings = {
  readKept: (read: number, kept: number) =>
    m(
      'read_kept_mismatch',
      `옵션 ${read}개를 읽고 ${kept}개를 가져왔습니다. 빠진 옵션을 확인해 주세요.`,
      `Read ${read} options, kept ${kept}. Check the missing ones.`,
    ),
  duplicateKey: (key: string) =>
    m(
      'duplicate_option_key',
      `같은 옵션 조합이 두 번 있어 처음 것만 가져왔습니다: ${key}`,
      `The same option combination appears twice; only the first was kept: ${key}`,
    ),
  skuWithoutKey: () =>
    m(
      'option_without_key',
      '옵션 조합 이름이 없는 SKU를 건너뛰었습니다.',
      'A SKU without a combination name was skipped.',
    ),
  missingPrice: (n: number) =>
    m(
      'missing_price',
      `가격이 없는 옵션 ${n}개: 가격을 확인해 주세요 (0으로 내보내지 않습니다).`,
      `${n} option(s) have no price: check them (they are never exported as 0).`,
    ),
  zeroPrice: (n: number) =>
    m(
      'zero_price',
      `가격이 0인 옵션 ${n}개: 가격을 확인해 주세요 (0으로 내보내지 않습니다).`,
      `${n} option(s) have a price of 0: check them (they are never exported as 0).`,
    ),
  priceFromTier: (n: number) =>
    m(
      'price_from_tier',
      `옵션 ${n}개는 자체 가격이 없어 최소 주문 수량의 수량별 가격을 사용했습니다.`,
      `${n} option(s) have no own price; the quantity tier at the minimum order quantity was used.`,
    ),
  unmatchedAxis: (n: number) =>
    m(
      'unmatched_axis_value',
      `옵션 ${n}개의 조합이 옵션 속성 값 목록과 맞지 않습니다.`,
      `${n} option(s) do not match the listed axis values.`,
    ),
  noAxes: () =>
    m(
      'axes_missing',
      '옵션 속성(색상, 사이즈 등) 목록이 없어 조합 이름에서 나눴습니다.',
      'No axis list (colour, size…) in the capture; axes were split from the combination names.',
    ),
  weightFromOffer: (n: number) =>
    m(
      'weight_from_offer',
      `옵션 ${n}개는 옵션별 무게가 없어 상품 무게를 사용했습니다.`,
      `${n} option(s) have no own weight; the offer weight was used.`,
    ),
  missingWeight: (n: number) =>
    m(
      'missing_weight',
      `옵션 ${n}개는 무게 정보가 없습니다. 물류 무게를 직접 입력해 주세요.`,
      `${n} option(s) have no weight; enter the logistics weight by hand.`,
    ),
  detailImagesCapped: (n: number) =>
    m(
      'detail_images_capped',
      `상세 이미지 ${n}개 중 처음 40개만 가져왔습니다.`,
      `Only the first 40 of ${n} detail images were kept.`,
    ),
  nonAlicdnDropped: (n: number) =>
    m(
      'non_alicdn_images_dropped',
      `alicdn 주소가 아닌 상세 이미지 ${n}개를 제외했습니다.`,
      `${n} detail image(s) not on alicdn were dropped.`,
    ),
  descriptionMissing: (detailUrl: string) =>
    m(
      'description_missing',
      `상세 설명(상세 이미지)을 읽지 못해 상세 이미지 없이 가져왔습니다 (${detailUrl}). 나중에 다시 담으면 채워집니다.`,
      `The description (detail images) could not be read, so the offer came without detail images (${detailUrl}). Capture it again later to fill them in.`,
    ),
  pricePrivate: () =>
    m(
      'price_private',
      '이 상품은 가격 비공개로 표시되어 있습니다. 로그인한 상태의 캡처가 필요할 수 있습니다.',
      'The offer marks its price as private; a logged-in capture may be needed.',
    ),
  badTier: () =>
    m(
      'bad_price_tier',
      '읽을 수 없거나 0인 수량별 가격 구간을 건너뛰었습니다.',
      'A quantity tier that was unreadable or 0 was skipped.',
    ),
  noSkusOneOption: () =>
    m(
      'single_option',
      '옵션(SKU)이 없는 상품이라 옵션 1개로 가져왔습니다.',
      'The offer has no SKUs; it was imported as one option.',
    ),
};
