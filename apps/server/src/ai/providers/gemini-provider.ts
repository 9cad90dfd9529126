import type { GoogleGenAI, Part } from '@google/genai';
import { DEFAULT_GEMINI_MODEL } from '@rr/domain';
import type { AiProvider, AiProviderConfig, ProviderRequest } from './provider.ts';
import { toAiError } from './provider-failure.ts';

/**
 * Gemini through `@google/genai` (REST `models/{model}:generateContent`) with structured output.
 * The SDK's own retries stay off: the gateway retries, so the per-key limit sees every attempt.
 */
export function createGeminiProvider(
  config: AiProviderConfig,
  defaultBaseUrl: string | undefined,
): AiProvider {
  const baseUrl = config.baseUrl ?? defaultBaseUrl;
  // The SDK is loaded on the first request (≈ 3 MB of heap a process without Gemini never needs).
  let client: Promise<GoogleGenAI> | undefined;
  const clientOf = () =>
    (client ??= import('@google/genai').then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({ apiKey: config.apiKey ?? '', ...(baseUrl ? { httpOptions: { baseUrl } } : {}) }),
    ));
  const model = config.model || DEFAULT_GEMINI_MODEL;
  return {
    name: 'gemini',
    model,
    async generate(request: ProviderRequest) {
      const parts: Part[] = [{ text: request.prompt }];
      for (const image of request.images) {
        parts.push(
          'base64' in image
            ? { inlineData: { data: image.base64, mimeType: image.mimeType } }
            : { fileData: { fileUri: image.url, mimeType: image.mimeType ?? guessMimeType(image.url) } },
        );
      }
      try {
        const response = await (await clientOf()).models.generateContent({
          model,
          contents: [{ role: 'user', parts }],
          config: {
            responseMimeType: 'application/json',
            responseJsonSchema: request.jsonSchema,
            abortSignal: request.signal,
          },
        });
        return response.text;
      } catch (error) {
        throw toAiError(error, request.signal);
      }
    },
  };
}

export function guessMimeType(url: string): string {
  const ext = /\.(\w+)(?:$|[?#])/.exec(url)?.[1]?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'gif') return 'image/gif';
  if (ext === 'webp') return 'image/webp';
  return 'image/jpeg';
}
