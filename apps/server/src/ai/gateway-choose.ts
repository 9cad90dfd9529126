import { createHash } from 'node:crypto';
import { type RateRule, type RequestLimits, rateRuleFor } from '@rr/domain';
import type { AiCall } from './ai-call.ts';
import type { AiEndpointPolicy } from './endpoint-guard.ts';
import { createGeminiProvider } from './providers/gemini-provider.ts';
import { createOpenAiProvider } from './providers/openai-provider.ts';
import type { AiProvider, AiProviderConfig } from './providers/provider.ts';
import type { RequestLogEntry } from './request-log-repository.ts';
import { requestLimitsFor } from './work-types.ts';

// The gateway's first step (ai/gateway.ts): which provider answers a call, through which endpoint
// and key, under which limiter bucket, rate rule, timeout and retries, and what its log row says.

/** Where the providers send (the operator's base URLs) and what a company's own AI endpoint may be. */
export type ProviderEndpoints = {
  geminiBaseUrl?: string | undefined;
  openaiBaseUrl?: string | undefined;
  /** What a company's own AI base URL may be (ai/endpoint-guard.ts); strict when absent. */
  aiEndpoints?: AiEndpointPolicy | undefined;
};

/** Whose call it is: the offline provider may answer per company and product (the demo's phrases). */
export type CallOwner = { companyId: string | null; productId: string | null };

/** The offline provider (no network, no key) for one call. */
export type OfflineProviders = { for(owner: CallOwner): AiProvider };

/** What the gateway does with one call, decided before anything is sent or logged. */
export type Choice = {
  /** Undefined when the call cannot be sent (Gemini without a key): it fails with no_key. */
  provider: AiProvider | undefined;
  /** The per-key limiter bucket; null for offline (no limit). */
  limiterKey: string | null;
  rule: RateRule;
  /** The work type's timeout and retries, with the call's own overrides. */
  policy: RequestLimits;
  /** The request log row's fields. */
  entry: RequestLogEntry;
};

/**
 * The choose step. Providers are cached per limiter bucket and model (at most 200, then all are
 * dropped), so a key's HTTP connections are reused by its next calls.
 */
export function createProviderChoice(endpoints: ProviderEndpoints, offline: OfflineProviders) {
  const providers = new Map<string, AiProvider>();

  function providerFor(config: AiProviderConfig, limiterKey: string | null, owner: CallOwner): AiProvider {
    if (config.provider === 'offline') return offline.for(owner);
    const cacheKey = `${limiterKey}|${config.model ?? ''}`;
    let provider = providers.get(cacheKey);
    if (!provider) {
      provider =
        config.provider === 'gemini'
          ? createGeminiProvider(config, endpoints.geminiBaseUrl)
          : createOpenAiProvider(config, endpoints.openaiBaseUrl, endpoints.aiEndpoints);
      if (providers.size > 200) providers.clear();
      providers.set(cacheKey, provider);
    }
    return provider;
  }

  return function choose<T>(config: AiProviderConfig, call: AiCall<T>): Choice {
    const limiterKey = limiterKeyOf(config, endpoints);
    const owner = { companyId: call.companyId, productId: call.productId ?? null };
    const provider =
      config.provider === 'gemini' && !config.apiKey ? undefined : providerFor(config, limiterKey, owner);
    const policy: RequestLimits = {
      ...requestLimitsFor(call.workType, call.task, call.variant),
      ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
      ...(call.maxRetries !== undefined ? { maxRetries: call.maxRetries } : {}),
    };
    return {
      provider,
      limiterKey,
      rule: rateRuleFor(config.requestsPerMinute),
      policy,
      entry: {
        companyId: call.companyId,
        productId: call.productId ?? null,
        workType: call.workType,
        task: call.task ?? null,
        provider: config.provider,
        model: provider?.model ?? config.model ?? null,
        limiterKey,
      },
    };
  };
}

/** The limiter bucket of a key: a digest of provider, endpoint and key. Offline has no limit. */
export function limiterKeyOf(
  config: AiProviderConfig,
  endpoints: Pick<ProviderEndpoints, 'geminiBaseUrl' | 'openaiBaseUrl'>,
): string | null {
  if (config.provider === 'offline') return null;
  const base =
    config.baseUrl ??
    (config.provider === 'gemini' ? endpoints.geminiBaseUrl : endpoints.openaiBaseUrl) ??
    '';
  return createHash('sha256')
    .update(`rr-ai-limit\0${config.provider}\0${base}\0${config.apiKey ?? ''}`)
    .digest('hex')
    .slice(0, 24);
}
