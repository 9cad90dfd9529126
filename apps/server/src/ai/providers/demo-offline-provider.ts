import { isRecord } from '@rr/domain';
import type { AiGateway } from '../gateway.ts';
import type { CallOwner, OfflineProviders } from '../gateway-choose.ts';
import { OFFLINE_ANSWERS } from '../prompts/index.ts';
import { createOfflineProvider } from './offline-provider.ts';
import type { AiProvider } from './provider.ts';

/** At most this many products' phrases are kept (then all are dropped): the runner takes them after each task. */
const MAX_PRODUCTS = 10_000;

/**
 * The offline provider as the demo runs it (issue 20): its answers, and on the side the phrases its
 * table could not translate (the answer's `untranslated`), noted per company and product until the
 * workflow's runner takes them after each task (`TaskDeps.ai.takeUntranslated`) to tell the seller.
 * Built once by the container and handed to the gateway as its offline provider; the gateway
 * itself knows nothing of these phrases.
 */
export function createDemoOfflineProvider(answers = OFFLINE_ANSWERS) {
  const offline = createOfflineProvider(answers);
  /** Phrases the offline provider left untranslated, by company and product, until the runner takes them. */
  const untranslated = new Map<string, Set<string>>();

  function note(owner: { companyId: string; productId: string }, answer: unknown) {
    if (!isRecord(answer) || !Array.isArray(answer.untranslated)) return;
    const key = `${owner.companyId}:${owner.productId}`;
    if (!untranslated.has(key) && untranslated.size >= MAX_PRODUCTS) untranslated.clear();
    const set = untranslated.get(key) ?? new Set<string>();
    for (const p of answer.untranslated) if (typeof p === 'string') set.add(p);
    untranslated.set(key, set);
  }

  const providers: OfflineProviders = {
    for(owner: CallOwner): AiProvider {
      const { companyId, productId } = owner;
      if (!companyId || !productId) return offline;
      return {
        name: offline.name,
        model: offline.model,
        async generate(request) {
          const answer = await offline.generate(request);
          note({ companyId, productId }, answer);
          return answer;
        },
      };
    },
  };
  return {
    ...providers,
    /**
     * The phrases the offline demo provider could not translate in its answers about this product
     * since the last call (issue 20); the runner asks after each task.
     */
    takeUntranslated(companyId: string, productId: string): string[] {
      const key = `${companyId}:${productId}`;
      const set = untranslated.get(key);
      untranslated.delete(key);
      return set ? [...set] : [];
    },
  };
}
export type DemoOfflineProvider = ReturnType<typeof createDemoOfflineProvider>;
export type UntranslatedPhrases = Pick<DemoOfflineProvider, 'takeUntranslated'>;

/** What a workflow task gets of the AI (TaskDeps.ai): the gateway, and the demo's phrases for the runner. */
export type TaskAi = AiGateway & UntranslatedPhrases;

/** The gateway with the demo provider's phrases beside it (the container builds TaskDeps.ai so). */
export function taskAiOf(gateway: AiGateway, phrases: UntranslatedPhrases): TaskAi {
  return { ...gateway, takeUntranslated: phrases.takeUntranslated };
}
