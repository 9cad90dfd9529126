import type OpenAI from 'openai';
import { AiError } from '../ai-error.ts';
import type { AiEndpointPolicy } from '../endpoint-guard.ts';
import { createPinnedFetch, type PinnedFetchOptions } from '../pinned-fetch.ts';
import type { AiProvider, AiProviderConfig, ProviderRequest } from './provider.ts';
import { toAiError } from './provider-failure.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * Any OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama, LM Studio…), asked for a
 * JSON answer with the expected schema. The SDK's retries are off; the gateway retries.
 */
export function createOpenAiProvider(
  config: AiProviderConfig,
  defaultBaseUrl: string | undefined,
  endpoints: AiEndpointPolicy = { allowedOrigins: [], allowHttp: false },
  /** Test hooks of the pinned connection (resolver, address rule). */
  net: PinnedFetchOptions = {},
): AiProvider {
  // A company's own endpoint: every request checks its address and connects to the address it
  // checked, redirects refused (ai/pinned-fetch.ts); what it answers on failure is never echoed
  // (only the status).
  const companyEndpoint = config.baseUrl;
  // The SDK is loaded on the first request (≈ 2 MB of heap a process that never calls it keeps free).
  let client: Promise<OpenAI> | undefined;
  const clientOf = () =>
    (client ??= import('openai').then(
      ({ default: OpenAIClient }) =>
        new OpenAIClient({
          apiKey: config.apiKey || 'not-needed',
          baseURL: config.baseUrl ?? defaultBaseUrl ?? OPENAI_DEFAULT_BASE_URL,
          maxRetries: 0,
          timeout: 10 * 60_000,
          ...(companyEndpoint ? { fetch: createPinnedFetch(endpoints, net) } : {}),
        }),
    ));
  const model = config.model || OPENAI_DEFAULT_MODEL;
  return {
    name: 'openai',
    model,
    async generate(request: ProviderRequest) {
      const content: OpenAI.Chat.Completions.ChatCompletionContentPart[] = [
        { type: 'text', text: request.prompt },
      ];
      for (const image of request.images) {
        const url = 'base64' in image ? `data:${image.mimeType};base64,${image.base64}` : image.url;
        content.push({ type: 'image_url', image_url: { url } });
      }
      try {
        const completion = await (await clientOf()).chat.completions.create(
          {
            model,
            messages: [{ role: 'user', content }],
            response_format: {
              type: 'json_schema',
              json_schema: {
                name: request.workType.toLowerCase(),
                schema: request.jsonSchema,
                strict: false,
              },
            },
          },
          { signal: request.signal },
        );
        return completion.choices[0]?.message?.content ?? undefined;
      } catch (error) {
        // The pinned fetch's own refusals reach the SDK as the cause of a connection error.
        const cause = (error as { cause?: unknown } | null)?.cause;
        throw toAiError(cause instanceof AiError ? cause : error, request.signal, !companyEndpoint);
      }
    },
  };
}
