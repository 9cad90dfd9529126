// The workflow's tasks in one table (W §1, §3, §4, §5, §7; Q §4, §7): every list of task names,
// status fields, feature names, AI work types and task labels is derived from it. The database
// migration that created the status columns keeps its own copy (migrations never change), with a
// test that it agrees with this table.

/** The extension work types of W §7 and Q §7. */
export const AI_WORK_TYPES = [
  'SEO',
  'SEO_VALIDATION',
  'KOREAN_LABELS',
  'DETECT_ADDITIONAL_ATTRIBUTES',
  'SIZE_CHART',
  'AI_TRANSLATE',
  'QUOTATION',
  'GET_ATTRIBUTE_INFO',
] as const;
export type AiWorkType = (typeof AI_WORK_TYPES)[number];

type Label = { readonly ko: string; readonly en: string };

export type TaskDefinition = {
  /** The task's name in the batch order (W §4). */
  readonly name: string;
  /** The product field holding its status (W §3 Status fields). */
  readonly statusField: string;
  /** Its name in POST /api/rocketReg/updateFeature (W §5), or null when it has no feature update. */
  readonly feature: string | null;
  /** The AI work types it sends (W §7, Q §7); empty when it needs no AI. */
  readonly workTypes: readonly AiWorkType[];
  /** What the seller reads: full name, and the short name of a status chip. */
  readonly label: Label;
  readonly shortLabel: Label;
  /** Tasks that must be completed or disabled before this one starts (W §4 Batch processing). */
  readonly prerequisites: readonly string[];
  /** Runs only when chosen: not part of "all tasks" (issue 23: registration on Coupang). */
  readonly optIn?: boolean;
};

/**
 * The tasks in the spec's batch order; quotation runs last of the spec's tasks (W §4), and the
 * opt-in registration on Coupang (issue 23) after it, only when chosen.
 */
export const TASK_REGISTRY = [
  {
    name: 'seo',
    statusField: 'seoStatus',
    feature: 'seo',
    workTypes: ['SEO', 'SEO_VALIDATION'],
    label: { ko: 'SEO', en: 'SEO' },
    shortLabel: { ko: 'SEO', en: 'SEO' },
    prerequisites: [],
  },
  {
    name: 'pricing',
    statusField: 'pricingStatus',
    feature: 'pricing',
    workTypes: [],
    label: { ko: '가격', en: 'Price' },
    shortLabel: { ko: '가격', en: 'Price' },
    prerequisites: [],
  },
  {
    name: 'mainImage',
    statusField: 'mainImageStatus',
    feature: null,
    workTypes: ['AI_TRANSLATE'],
    label: { ko: '대표이미지', en: 'Main image' },
    shortLabel: { ko: '대표', en: 'Main' },
    prerequisites: [],
  },
  {
    name: 'additionalImage',
    statusField: 'additionalImageStatus',
    feature: 'additionalImages',
    workTypes: ['AI_TRANSLATE'],
    label: { ko: '추가이미지', en: 'More images' },
    shortLabel: { ko: '추가', en: 'More' },
    prerequisites: [],
  },
  {
    name: 'detailImage',
    statusField: 'detailImageStatus',
    feature: 'detailImages',
    workTypes: ['AI_TRANSLATE'],
    label: { ko: '상세이미지', en: 'Detail images' },
    shortLabel: { ko: '상세', en: 'Detail' },
    prerequisites: [],
  },
  {
    name: 'koreanLabel',
    statusField: 'koreanLabelStatus',
    feature: 'koreanLabels',
    workTypes: ['KOREAN_LABELS'],
    label: { ko: '한글표시', en: 'Korean label' },
    shortLabel: { ko: '한글', en: 'Label' },
    prerequisites: [],
  },
  {
    name: 'sizeChart',
    statusField: 'sizeChartStatus',
    feature: null,
    workTypes: ['SIZE_CHART'],
    label: { ko: '사이즈표', en: 'Size chart' },
    shortLabel: { ko: '사이즈', en: 'Size' },
    prerequisites: [],
  },
  {
    name: 'quotation',
    statusField: 'quotationStatus',
    feature: 'quotation',
    workTypes: ['QUOTATION', 'DETECT_ADDITIONAL_ATTRIBUTES', 'GET_ATTRIBUTE_INFO'],
    label: { ko: '견적서', en: 'Quotation' },
    shortLabel: { ko: '견적', en: 'Quote' },
    prerequisites: [
      'seo',
      'pricing',
      'mainImage',
      'additionalImage',
      'detailImage',
      'koreanLabel',
      'sizeChart',
    ],
  },
  {
    name: 'register',
    statusField: 'registerStatus',
    feature: null,
    workTypes: [],
    label: { ko: '쿠팡 등록', en: 'Coupang registration' },
    shortLabel: { ko: '쿠팡', en: 'Coupang' },
    prerequisites: ['quotation'],
    optIn: true,
  },
] as const satisfies readonly TaskDefinition[];

type Registry = (typeof TASK_REGISTRY)[number];
type TaskName = Registry['name'];
export type TaskStatusField = Registry['statusField'];
export type TaskFeature = Exclude<Registry['feature'], null>;

/** Task names in the batch order (W §4 Batch processing). */
export const TASK_ORDER: readonly TaskName[] = TASK_REGISTRY.map((t) => t.name);

/** The tasks "all tasks" means: every task but the opt-in ones (a run without a task list). */
export const DEFAULT_RUN_TASKS: readonly TaskName[] = TASK_REGISTRY.filter(
  (t) => !('optIn' in t && t.optIn),
).map((t) => t.name);

/** Tasks that run after the quotation in a run (their prerequisites name it). */
export const AFTER_QUOTATION_TASKS: readonly TaskName[] = TASK_REGISTRY.filter((t) =>
  (t.prerequisites as readonly string[]).includes('quotation'),
).map((t) => t.name);

/** The product field holding each task's status (W §3). */
export const TASK_STATUS_FIELDS = Object.fromEntries(TASK_REGISTRY.map((t) => [t.name, t.statusField])) as {
  readonly [N in TaskName]: Extract<Registry, { name: N }>['statusField'];
};

/** Every status field, in the batch order. */
export const TASK_STATUS_FIELD_LIST: readonly TaskStatusField[] = TASK_REGISTRY.map((t) => t.statusField);

/** Features the updateFeature call accepts (W §5), in the batch order. */
export const TASK_FEATURES: readonly TaskFeature[] = TASK_REGISTRY.flatMap((t) =>
  t.feature === null ? [] : [t.feature],
);

export function taskDefinition(name: TaskName): Registry {
  return TASK_REGISTRY.find((t) => t.name === name)!;
}

/** The task an updateFeature feature name belongs to (undefined for an unknown name). */
export function taskOfFeature(feature: string): Registry | undefined {
  return TASK_REGISTRY.find((t) => t.feature === feature);
}
