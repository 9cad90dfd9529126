// The spec's numbers, names and defaults in one place. Sections refer to
// W = workflow-and-shell-spec.md, Q = quotation-spec.md.

// ---------------------------------------------------------------- statuses (W §4, Q §4)

export const TASK_STATUSES = [
  'pending',
  'processing',
  'completed',
  'partially_completed',
  'error',
  'disabled',
  'partial',
  'split_completed',
] as const;

/** Overall result of a quotation run (Q §4). */
export const QUOTATION_RESULT_STATUSES = ['completed', 'partial', 'error', 'split_completed'] as const;
export type QuotationResultStatus = (typeof QUOTATION_RESULT_STATUSES)[number];

/** Quotation results the batch accepts without retrying (W §4 Batch processing). */
export const ACCEPTED_QUOTATION_RESULTS: readonly QuotationResultStatus[] = [
  'completed',
  'partial',
  'split_completed',
];

// ---------------------------------------------------------------- tasks and batch (W §1, §4)

// The tasks, their order, status fields and features: tasks/task-registry.ts.

export const BATCH_WAIT_AFTER_TASK_MS = 2000;
export const BATCH_WAIT_AFTER_ERROR_MS = 500;
export const QUOTATION_EXTRA_RETRIES = 1;
export const QUOTATION_RETRY_WAIT_MS = 3000;

// ---------------------------------------------------------------- pricing (W §9)

export const BUNDLING_TYPES = ['marginAmount'] as const;
export type BundlingType = (typeof BUNDLING_TYPES)[number] | (string & {});

export const PRICING_DEFAULTS = {
  exchangeRate: 350,
  marginRate: 40,
  coupangMarginRate: 40,
  roundUnit: 100,
  msrpMultiplier: 1.3,
  enableBundling: false,
  bundlingType: 'marginAmount',
  minMarginAmount: 3000,
  minCoupangMarginAmount: 3000,
  enableMinSupplyMargin: false,
  minSupplyMarginAmount: 3000,
} as const;

/**
 * Issue 41: how the pricing task sets a price. 'markup' (the default, W §9): cost × margins on the
 * yuan price. 'landed': a selling price for `targetMarginPercent` after Coupang's fees and the landed
 * cost (calculateLandedPrice; docs/decisions.md "Pricing for a margin after fees").
 */
export const PRICING_METHODS = ['markup', 'landed'] as const;
export type PricingMethod = (typeof PRICING_METHODS)[number];
export const LANDED_PRICING_DEFAULTS = { pricingMethod: 'markup', targetMarginPercent: 20 } as const;

/** Bundle quantity rises by this step … */
export const BUNDLE_QUANTITY_STEP = 2;
/** … while it stays below this bound (W §9). */
export const BUNDLE_QUANTITY_LIMIT = 20;
/** A store mutation floors the MSRP multiplier at 1.1 (W §9). */
export const MSRP_MULTIPLIER_FLOOR = 1.1;

// ---------------------------------------------------------------- registration defaults (W §9, Q §5, §9)

export const DETAIL_PAGE_REFERENCE = '상세페이지 참조';
export const NOT_APPLICABLE = '해당사항없음';
export const BARCODE_PLACEHOLDER = '바코드 없음(쿠팡 바코드 생성 요청)';
export const BRAND_ATTRIBUTE_NAMES: readonly string[] = ['브랜드', 'brand', '브랜드명'];

export const ORIGIN_CHINA = '중국';
export const ORIGIN_KOREA = '대한민국';

export const IMPORT_STATUS = {
  notImportTarget: '수입대상아님',
  importTarget: '수입대상',
} as const;

export const REGISTRATION_DEFAULTS = {
  boxDimension: '100*100*100',
  boxWeight: '1000',
  shipping: { weightKg: 1, lengthCm: 30, widthCm: 20, heightCm: 10 },
  origin: ORIGIN_CHINA,
  afterService: '제조사 문의',
  transactionType: '기타 도소매업자',
  importStatus: IMPORT_STATUS.notImportTarget,
  taxationType: '과세',
  totalSkusInBoxBoxed: 24,
  barcode: BARCODE_PLACEHOLDER,
  quotationValidDays: 30,
  fashionSeason: '사계절',
  qualityGuarantee: '관련 법 및 소비자분쟁해결기준에 따름',
} as const;

export const BOX_MIN_SIDE_MM = 10;
export const BOX_MIN_VOLUME_MM3 = 1000;
export const MODEL_NUMBER_MAX_LENGTH = 50;
export const SEARCH_TAGS_MAX_LENGTH = 150;
export const SEARCH_TAGS_SEPARATOR = ', ';
export const SEO_NAME_MAX_LENGTH = 70;
export const SEO_KEYWORDS_MAX = 10;
export const ADDITIONAL_IMAGES_MAX = 9;
export const OPTION_NUMBER_SUFFIX_DIGITS = 3;
export const ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH = 2;
export const ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH = 6;

/** Completeness: 8 basic checks + schema-required + 1 Chinese check (W §5). */
export const COMPLETENESS_BASIC_CHECKS = 8;
export const COMPLETENESS_CJK_CHECKS = 1;

// ---------------------------------------------------------------- SEO (W §9)

export const SEO_SCORE_WEIGHTS = { name: 0.3, keywords: 0.3, description: 0.25, features: 0.15 } as const;

// ---------------------------------------------------------------- images (W §9)

export const IMAGE_LIMITS = {
  minSidePx: 400,
  maxSidePx: 8000,
  canvasWidth: 800,
  canvasHeight: 800,
  canvasBackground: '#ffffff',
  jpegQuality: 0.9,
  defaultWidth: 800,
  defaultHeight: 800,
  defaultFileSizeBytes: 100 * 1024,
  mergedWidthPx: 800,
  mergedJpegQuality: 0.95,
  mergedLoadWaitMs: 10_000,
  captureTimeoutMs: 10_000,
  reachabilityTimeoutMs: 3000,
  imageLoadTimeoutMs: 15_000,
  mergedMinDataLength: 2000,
  sizeChartFallbackWidth: 600,
  sizeChartFallbackHeight: 300,
  sizeChartLoadErrorWidth: 800,
  sizeChartLoadErrorHeight: 600,
  sizeChartRenderScale: 2,
  sizeChartRenderWidth: 600,
  uploadExtensions: ['jpg', 'jpeg', 'png', 'gif'],
  defaultUploadExtension: 'jpg',
} as const;

export const UPLOAD_IMAGE_TYPES = ['main', 'koreanLabel', 'detail', 'sizeChart'] as const;

export const PROCESS_TYPES = ['original', 'translated', 'error'] as const;

export const FONT_SIZE_GROUPS = {
  heading: { min: 48, max: 52 },
  subheading: { min: 36, max: 42 },
  body: { min: 24, max: 30 },
} as const;
export type FontSizeGroup = keyof typeof FONT_SIZE_GROUPS;
export const FONT_SIZE_DEFAULT = 30;
export const FONT_SIZE_FALLBACK = 40;
export const LARGE_FONT_SIZE = 48;

export const SIZE_CHART_MAX_IMAGES = 30;
export const SIZE_CHART_GROUP_PAUSE_MS = 2000;
export const SIZE_CHART_DEFAULT_SIZES = ['S', 'M', 'L', 'XL'] as const;
export const SIZE_CHART_UNIT = 'cm';
export const SIZE_CHART_FALLBACK_TEXT = DETAIL_PAGE_REFERENCE;

// ---------------------------------------------------------------- Korean labels (W §9)

export const KOREAN_LABEL_DEFAULTS = {
  origin: ORIGIN_CHINA,
  madeIn: '중국산',
  caution: '용도 외에 사용금지. 파손및화기주의',
  ageStandard: '14세이상',
  placeholder: '상세정보참조',
  labelImageType: '제품 한글 표시사항 라벨 또는 도안 이미지',
} as const;

// ---------------------------------------------------------------- AI and extension (W §9, Q §9)

export const DEFAULT_GEMINI_MODEL = 'gemini-2.0-flash';

export const EXTENSION_LIMITS = {
  requestsPerMinute: 12,
  spacingMs: 1000,
  windowFreeExtraWaitMs: 2000,
  defaultTimeoutMs: 60_000,
  defaultMaxRetries: 2,
  backoffStartMs: 1000,
  backoffFactor: 2,
  backoffCapMs: 10_000,
  keywordCollectionTimeoutMs: 30_000,
  koreanLabelBatchTimeoutMs: 120_000,
  koreanLabelFallbackTimeoutMs: 45_000,
  stuckRequestTimeoutMs: 5 * 60_000,
  stuckCheckIntervalMs: 60_000,
  finishedPurgeAfterMs: 10 * 60_000,
  attributeDetectionMaxSteps: 5,
  optionsShownInPrompts: 20,
} as const;

/** Retry waits in the quotation flow (Q §8). */
export const AI_RETRY_BASE_WAIT_MS = 2000;

// ---------------------------------------------------------------- accounts (docs/decisions.md)

/** Sign-up and password reset refuse shorter passwords (server) and the forms say so first (web). */
export const PASSWORD_MIN_LENGTH = 8;

// ---------------------------------------------------------------- HTTP helper (W §8)

export const HTTP_SERVER_ERROR_STATUS = 500;
