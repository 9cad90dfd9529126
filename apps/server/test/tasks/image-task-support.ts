import { createFakeImageEngine, type FakeImageEngine } from '../support/fake-image-engine.ts';
import {
  createFakeAi,
  createFakeDeps,
  type FakeAi,
  type FakeDeps,
  type FakeSettings,
  fakeContext,
} from '../support/fake-task-deps.ts';

// What the image task tests share: TaskDeps of fakes whose image service is the real one over the
// fake engine (pictures a test draws, with their lines of text), files and the request log in
// memory, a Gemini-configured AI that answers AI_TRANSLATE in Korean, supplier code IMG01.

export const SUPPLIER = 'IMG01';
/** A Chinese line the AI answers with KOREAN (the engine reads it from a picture). */
export const CHINESE = '纯棉短袖';
export const KOREAN = '순면 반팔';

export type ImageSetup = {
  deps: FakeDeps;
  /** The AI the image service's translations go through (AI_TRANSLATE calls recorded). */
  ai: FakeAi;
  engine: FakeImageEngine;
  /** Stores bytes as the company's file and answers its URL. */
  put(name: string, data: Buffer): Promise<string>;
  /** A product in memory (registration id IMG01-000001 unless given). */
  add(doc: Record<string, unknown>, registrationId?: string): string;
  /** The context the runner builds, with the events the task emitted. */
  context(productId: string, signal?: AbortSignal): ReturnType<typeof fakeContext>;
};

export const COMPANY = 'company-img';

export function imageSetup(
  settings: FakeSettings = {},
  engine = createFakeImageEngine(),
  imageFetch?: FakeDeps['imageFetch'],
): ImageSetup {
  const ai = createFakeAi((work, input) => {
    if (work !== 'AI_TRANSLATE') throw new Error(`no AI answer scripted for ${work}`);
    const { chArr } = input as { chArr: string[] };
    return {
      items: chArr.map((ch) => ({
        ch,
        ko: [ch === CHINESE ? KOREAN : '번역'],
        font_size: 32,
        adjust_box: { width_percent: 100, height_percent: 100 },
      })),
    };
  });
  const deps = createFakeDeps({
    ai,
    engine,
    settings: { ai: { provider: 'gemini', apiKey: 'fake-key' }, supplierCode: SUPPLIER, ...settings },
    ...(imageFetch ? { imageFetch } : {}),
  });
  let n = 0;
  return {
    deps,
    ai,
    engine,
    put: async (name, data) => (await deps.storage.put(COMPANY, name, data)).url,
    add: (doc, registrationId = `${SUPPLIER}-${String(++n).padStart(6, '0')}`) =>
      deps.products.add(doc, registrationId),
    context: (productId, signal) => fakeContext(deps, productId, { companyId: COMPANY, signal }),
  };
}

/** An option as a product added to registration has it (option number, Chinese name, its SKU image). */
export const option = (n: number, image?: string) => ({
  optionNumber: `${SUPPLIER}-000001${String(n).padStart(3, '0')}`,
  option1: { name: `颜色${n}`, nameTrans: '', ...(image ? { image } : {}) },
});

/** One option document per option, as adding to registration leaves them. */
export const documents = (count: number, page: Record<string, unknown> = { images: {} }) => ({
  jsonDocument: Array.from({ length: count }, () => ({ imagePage: page })),
});

/**
 * The context with each emitted event preceded by a look at a field of the product as stored (what
 * an open screen reads when the event tells it to refresh).
 */
export function watching(
  s: ImageSetup,
  productId: string,
  read: (doc: Record<string, unknown>) => unknown,
): { ctx: ReturnType<typeof fakeContext>; seen: unknown[] } {
  const ctx = s.context(productId);
  const seen: unknown[] = [];
  const emit = ctx.emit;
  return {
    seen,
    ctx: {
      ...ctx,
      emit: async (e) => {
        seen.push(read(s.deps.products.docOf(productId)));
        await emit(e);
      },
    },
  };
}
