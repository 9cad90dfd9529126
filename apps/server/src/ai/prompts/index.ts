import { aiTranslateWork } from './ai-translate.ts';
import { detectAdditionalAttributesWork } from './detect-additional-attributes.ts';
import { attributeInfoWork } from './get-attribute-info.ts';
import { koreanLabelSingleWork } from './korean-label-single.ts';
import { koreanLabelsWork } from './korean-labels.ts';
import { analyzeSchemaWork } from './quotation-analyze-schema.ts';
import { commonOtherWork } from './quotation-common-other.ts';
import { commonUnexposedWork } from './quotation-common-unexposed.ts';
import { differentiatedBatchWork } from './quotation-differentiated-batch.ts';
import { translateAttributesWork } from './quotation-translate-attributes.ts';
import { seoWork } from './seo.ts';
import { seoValidationWork } from './seo-validation.ts';
import { sizeChartWork } from './size-chart.ts';
import type { AiWork } from './work.ts';

export const AI_WORKS = [
  seoWork,
  seoValidationWork,
  koreanLabelsWork,
  koreanLabelSingleWork,
  detectAdditionalAttributesWork,
  sizeChartWork,
  aiTranslateWork,
  translateAttributesWork,
  analyzeSchemaWork,
  commonUnexposedWork,
  commonOtherWork,
  differentiatedBatchWork,
  attributeInfoWork,
] as const;

/** `WORK_TYPE` or `QUOTATION:TASK`; numbered batches share one entry. */
export function workKey(workType: string, task: string | undefined): string {
  return task ? `${workType}:${task.replace(/_\d+$/, '')}` : workType;
}

/** The offline provider's answer builders, by work key. */
export const OFFLINE_ANSWERS: ReadonlyMap<string, (payload: unknown) => unknown> = new Map(
  // biome-ignore lint/suspicious/noExplicitAny: each builder reads its own work's input.
  (AI_WORKS as readonly AiWork<any, unknown>[]).map((w) => [
    workKey(w.workType, w.task),
    (p) => w.offline(p),
  ]),
);
