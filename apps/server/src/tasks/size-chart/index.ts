import {
  buildDefaultSizeChart,
  detectSizeCategory,
  isSizeChartRequired,
  isUsableSizeChart,
  MESSAGES,
  normalizeSizeChart,
  type ProductFields,
  planSizeChartImageGroups,
  productPath,
  replaceCjkWithKorean,
  SIZE_CHART_GROUP_PAUSE_MS,
  type SizeCategory,
  type SizeChart,
} from '@rr/domain';
import { AiError } from '../../ai/ai-error.ts';
import { sizeChartWork } from '../../ai/prompts/size-chart.ts';
import type { AiImage, AiProviderConfig } from '../../ai/providers/provider.ts';
import { fetchImage } from '../../images/fetch-image.ts';
import { renderSizeChart, renderSizeChartFallback } from '../../images/render/size-chart.ts';
import { schemaPartOf } from '../../products/completeness.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';
import { storeTaskImage } from '../shared/store-image.ts';
import { joinMessages, TASK_MESSAGES } from '../shared/task-messages.ts';
import {
  aiContext,
  aiProviderOf,
  isRecord,
  lacksAiKey,
  loadTaskProduct,
  optionDocumentCount,
  pause,
  promptProductOf,
  type TaskProduct,
  text,
} from '../shared/task-product.ts';

// Size chart (W §4 Size chart, §9 Images):
// 1. disabled when the category schema does not list a size chart image as required;
// 2. with no AI key the request is skipped (a failure: "returns false");
// 3. with no detail images the category's default chart is used;
// 4. otherwise the detail images (at most 30) are analysed in groups, 2 s apart, and the first
//    group whose answer holds a chart stops the analysis;
// 5. none found: the category's default chart (clothing, shoes, furniture, other; cm; S M L XL);
// 6. the chart is rendered (600 px wide at scale 2; fallback 600×300 PNG) and stored as type
//    sizeChart; sizeChart / sizeChartImage and each option document's sizeChartImage are written.
// Ends completed; a failure to store the image is an error.

export const sizeChartTask: WorkflowTask = {
  name: 'sizeChart',
  async run(ctx) {
    const product = await loadTaskProduct(ctx);
    if (!product) return { status: 'error', message: MESSAGES.invalidProduct };
    if (!needsSizeChart(product)) return { status: 'disabled', message: TASK_MESSAGES.sizeChartNotRequired };
    const ai = await aiProviderOf(ctx);
    if (lacksAiKey(ai)) return { status: 'error', message: MESSAGES.geminiKeyMissing };

    const category = detectSizeCategory(categoryPathOf(product));
    const images = detailImageUrls(product);
    let chart: SizeChart;
    let message: TaskOutcome['message'];
    let fromAi = false;
    // Issue 42: a chart made from the category default is marked so; the seller confirms it.
    const invented = () => ({
      ...buildDefaultSizeChart(category),
      fromCategoryDefault: true,
      confirmed: false,
    });
    if (images.length === 0) {
      chart = invented();
      message = TASK_MESSAGES.sizeChartDefaultNoImages;
    } else {
      const found = await findChartInImages(ctx, ai, product, images, category);
      if (ctx.signal.aborted) return { status: 'pending', message: TASK_MESSAGES.cancelled };
      if (found) {
        chart = found.chart;
        fromAi = true;
        message = TASK_MESSAGES.sizeChartFound(found.group);
      } else {
        chart = invented();
        message = TASK_MESSAGES.sizeChartDefaultNotFound(planSizeChartImageGroups(images).length);
      }
    }

    let url: string;
    try {
      url = await storeTaskImage(ctx, 'sizeChart', product.registrationId, renderOrFallback(chart));
    } catch (error) {
      return { status: 'error', message: TASK_MESSAGES.imageStoreFailed(String((error as Error).message)) };
    }
    const updates: ProductFields = { sizeChart: chart, sizeChartImage: url };
    for (let i = 0; i < optionDocumentCount(product.doc); i++) {
      updates[productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'images', 'sizeChartImage')] = url;
    }
    const { skipped } = await writeTaskFields(ctx, updates, { source: fromAi ? 'ai' : 'source' });
    return {
      status: 'completed',
      message: joinMessages(message, skipped.length ? TASK_MESSAGES.keptSellerEdits(skipped) : undefined),
      skipped,
    };
  },
};

/** Step 1: the category schema stored with the product must list a size chart image as required. */
function needsSizeChart(product: TaskProduct): boolean {
  const schema = schemaPartOf(product.doc.rocketRegInfo?.schemaInfo);
  return !!schema && isSizeChartRequired(schema);
}

function categoryPathOf(product: TaskProduct): string {
  return text(product.doc.categoryPath) || text(product.doc.rocketRegInfo?.categoryPath);
}

/** The product's detail images: the processed list, else the source's. */
function detailImageUrls(product: TaskProduct): string[] {
  const d = product.doc;
  const urlOf = (v: unknown): string =>
    typeof v === 'string' ? v.trim() : isRecord(v) ? text(v.url) || text(v.originalUrl) || text(v.img) : '';
  const lists = [d.detailImages, d.originalDetailImages, d.originDetailImages];
  for (const list of lists) {
    const urls = (Array.isArray(list) ? list : []).map(urlOf).filter((u) => u !== '');
    if (urls.length > 0) return [...new Set(urls)];
  }
  return [];
}

/** Steps 4: groups of detail images until one answer holds a usable chart. */
async function findChartInImages(
  ctx: TaskContext,
  ai: AiProviderConfig,
  product: TaskProduct,
  urls: readonly string[],
  category: SizeCategory,
): Promise<{ chart: SizeChart; group: number } | undefined> {
  const groups = planSizeChartImageGroups(urls);
  const info = promptProductOf(product);
  const productInfo = {
    productName: info.korName ?? info.productNameTrans ?? info.productName ?? '',
    categoryPath: categoryPathOf(product),
    options: info.options ?? [],
  };
  for (const [g, group] of groups.entries()) {
    if (g > 0) await pause(SIZE_CHART_GROUP_PAUSE_MS * ctx.pauseScale, ctx.signal);
    if (ctx.signal.aborted) return undefined;
    const images = await imagesForAi(ctx, ai, group);
    if (images.length === 0) continue;
    try {
      const answer = await ctx.deps.ai.run(
        ai,
        sizeChartWork,
        { productId: ctx.productId, productInfo },
        { ...aiContext(ctx), images },
      );
      if (!answer.found) continue;
      const chart = normalizeSizeChart(answer, category, replaceCjkWithKorean);
      if (isUsableSizeChart(chart)) return { chart, group: g + 1 };
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      // This group could not be analysed: the chart may be in the next one.
    }
  }
  return undefined;
}

/**
 * The group's images as the model receives them: inline bytes (a model cannot fetch our storage or
 * the marketplace's CDN reliably). The offline provider reads no images, so it gets the URLs.
 * Images that cannot be loaded are left out.
 */
async function imagesForAi(
  ctx: TaskContext,
  ai: AiProviderConfig,
  urls: readonly string[],
): Promise<AiImage[]> {
  if (ai.provider === 'offline') return urls.map((url) => ({ url }));
  const out: AiImage[] = [];
  for (const url of urls) {
    try {
      const image = await fetchImage(url, { storage: ctx.deps.storage, company: ctx.companyId });
      out.push({ base64: image.data.toString('base64'), mimeType: image.contentType });
    } catch {
      ctx.deps.log.warn({ url, productId: ctx.productId }, 'size chart image could not be loaded');
    }
  }
  return out;
}

/** Step 6: the chart's image, or the 600×300 fallback when it cannot be drawn. */
function renderOrFallback(chart: SizeChart): Buffer {
  try {
    return renderSizeChart(chart);
  } catch {
    return renderSizeChartFallback();
  }
}
