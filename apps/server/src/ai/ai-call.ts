import type { z } from 'zod';
import type { AiImage } from './providers/provider.ts';
import type { WorkType, WorkVariant } from './work-types.ts';

/** One request to an AI through the gateway (ai/gateway.ts). */
export type AiCall<T> = {
  workType: WorkType;
  /** QUOTATION's task (TRANSLATE_ATTRIBUTES, GET_DIFFERENTIATED_ATTRIBUTES_BATCH_2…). */
  task?: string | undefined;
  variant?: WorkVariant | undefined;
  companyId: string | null;
  productId?: string | null | undefined;
  prompt: string;
  images?: readonly AiImage[] | undefined;
  /** The answer's shape; also sent to the provider as structured output. */
  schema: z.ZodType<T>;
  /** The spec's payload fields (productId, requestArr, attributes, coupangSchema…). */
  payload?: Readonly<Record<string, unknown>> | undefined;
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
};
