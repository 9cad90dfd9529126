import type { WorkType } from '../work-types.ts';

/** An image given to the model: a URL it can fetch, or the bytes inline. */
export type AiImage = { url: string; mimeType?: string } | { base64: string; mimeType: string };

export type ProviderRequest = {
  workType: WorkType;
  task: string | undefined;
  prompt: string;
  images: readonly AiImage[];
  /** The expected answer as JSON Schema, for structured output where the provider supports it. */
  jsonSchema: Record<string, unknown>;
  /** The spec's payload fields (product data…); the offline provider answers from them. */
  payload: Readonly<Record<string, unknown>>;
  signal: AbortSignal;
};

/**
 * One model behind the gateway. `generate` returns the answer as the model gave it (text, or an
 * object in one of the spec's answer forms); the gateway extracts and validates the JSON. Failures
 * are thrown as `AiError`s so the gateway can tell what to retry.
 */
export interface AiProvider {
  readonly name: 'gemini' | 'openai' | 'offline';
  readonly model: string | undefined;
  generate(request: ProviderRequest): Promise<unknown>;
}

/** The company's resolved AI settings for one call (the key decrypted by the settings service). */
export type AiProviderConfig = {
  provider: 'gemini' | 'openai' | 'offline';
  apiKey?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  /** A paid tier's limit per minute; the spec's 12 when unset. */
  requestsPerMinute?: number | undefined;
};
