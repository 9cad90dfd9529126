/**
 * The seller's actions on a product's images (the product page's image tabs and the detail page
 * screens), on the same image-translation service and detail-page rules as the tasks:
 *
 * - editText: regenerate one image from edited Korean lines (W §4 "regenerate the image")
 * - retranslate: translate one image, or a whole image group, again (W §5 "an image group to
 *   retranslate must be valid and have an original or current URL")
 * - protect: keep regions of one image (text printed on the product, logos) and translate it again
 * - arrangeDetailPage: reorder / drop detail images and merge the page again
 *
 * Written like the tasks' writes (the results are machine-made), then the group's status follows.
 */
import {
  type CheckedFields,
  decideProcessType,
  deriveImageTaskStatus,
  deriveMainImageStatus,
  formatFileSize,
  MainImageStatus,
  MESSAGES,
  type ProcessedImage,
  type ProductFields,
  productPath,
  type TaskStatus,
} from '@rr/domain';
import { AppError } from '../../errors/app-error.ts';
import {
  detailPageUpdates,
  mergeDetailPage,
  planDetailPage,
} from '../../images/product-images/detail-page.ts';
import {
  optionMainImageStatus,
  processedImageRecord,
  textAreasOf,
} from '../../images/product-images/processed-image-record.ts';
import type { Rect } from '../../images/translate/types.ts';
import type { EditedOcrItem } from '../../images/translation/merge-edited-items.ts';
import {
  type ImageStepDeps,
  storeTaskImage,
  translateImageStep,
} from '../../images/translation/translate-image-step.ts';
import type { TaskDeps } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';
import { sourceImageOf } from '../main-image/index.ts';
import { documentCount, type ImageProduct, loadImageProduct } from './image-task-context.ts';

export type ImageGroup = 'main' | 'additional' | 'detail';

/** Whose product an action is on; the route's call. */
export type ImageActionScope = { companyId: string; productId: string; userId: string | null };
type Scope = ImageActionScope & { deps: TaskDeps };

const invalidGroup = () => new AppError('invalid_image_group', 'invalid', MESSAGES.invalidImageGroup);
const notEdited = () => new AppError('ocr_data_not_found', 'not_found', MESSAGES.ocrDataInvalid);
const keptBySeller = () =>
  new AppError('kept_seller_edit', 'conflict', {
    ko: '판매자가 직접 수정한 항목이라 이미지 결과를 저장하지 않았습니다.',
    en: 'The result was not saved: the field holds your own edit.',
  });

/** The seller asked for these results: they replace the seller's own values at these paths. */
async function writeAsked<F extends ProductFields>(scope: Scope, updates: CheckedFields<F>): Promise<void> {
  const { skipped } = await writeTaskFields<F>(scope, updates, { sellerAsked: true });
  if (skipped.length > 0) throw keptBySeller();
}

type Located = {
  /** The image as the group stores it: a record (or, for main, the option's status object). */
  record: ProcessedImage & { protectedRegions?: Rect[] };
  /** The source image (what a new translation starts from). */
  source: string;
};

function locate(product: ImageProduct, group: ImageGroup, index: number): Located {
  if (group === 'main') {
    const option = product.options[index];
    if (!option) throw invalidGroup();
    const parsed = MainImageStatus.safeParse(option.mainImageStatus);
    const status = parsed.success ? parsed.data : undefined;
    const source = status?.image || sourceImageOf(option, product);
    if (!source) throw invalidGroup();
    return {
      record: {
        ...(status ?? {}),
        url: status?.processedImage ?? source,
        originalUrl: source,
      } as Located['record'],
      source,
    };
  }
  const list = group === 'additional' ? product.additionalImages : product.detailImages;
  const entry = list[index];
  if (entry === undefined) throw invalidGroup();
  const record: Located['record'] =
    typeof entry === 'string'
      ? (processedRecordOf(product, group, entry) ?? { url: entry, originalUrl: entry })
      : entry;
  const source = record.originalUrl ?? record.url ?? '';
  if (!source) throw invalidGroup();
  return { record, source };
}

/**
 * A detail list the seller set as plain URLs keeps the task's results in processedDetailImages:
 * the record made from this URL, so its text can be edited.
 */
function processedRecordOf(
  product: ImageProduct,
  group: ImageGroup,
  url: string,
): ProcessedImage | undefined {
  if (group !== 'detail') return undefined;
  const found = product.processedDetailImages.find((e) => typeof e !== 'string' && e.originalUrl === url);
  return typeof found === 'string' ? undefined : found;
}

function groupSize(product: ImageProduct, group: ImageGroup): number {
  if (group === 'main') return product.options.length;
  return (group === 'additional' ? product.additionalImages : product.detailImages).length;
}

export function createProductImageActions(deps: TaskDeps) {
  const translation = deps.images;

  const stepDeps = (scope: Scope): ImageStepDeps => ({
    companyId: scope.companyId,
    productId: scope.productId,
    signal: new AbortController().signal,
    storage: deps.storage,
    translation,
    allowPrivateOrigins: deps.imageFetch?.allowPrivateOrigins,
    hosts: deps.imageFetch?.hosts,
  });

  /** Writes the group's new records and its status (detail: the page merged again). */
  async function writeGroup(
    scope: Scope,
    product: ImageProduct,
    group: ImageGroup,
    changed: Map<number, ProcessedImage | MainImageStatus>,
  ): Promise<void> {
    const updates: ProductFields = {};
    let status: { task: 'mainImage' | 'additionalImage' | 'detailImage'; value: TaskStatus };
    const docs = documentCount(product);
    if (group === 'main') {
      const statuses = product.options.map((o, i) => {
        const c = changed.get(i);
        if (c) return c as MainImageStatus;
        const parsed = MainImageStatus.safeParse(o.mainImageStatus);
        return parsed.success ? parsed.data : undefined;
      });
      for (const [i, status] of changed) {
        updates[productPath('options', i, 'mainImageStatus')] = status;
        if (docs > 0 && (status as MainImageStatus).status === 'completed') {
          updates[productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'images', 'mainImage')] = (
            status as MainImageStatus
          ).processedImage;
        }
      }
      status = { task: 'mainImage', value: deriveMainImageStatus(statuses, true) };
    } else if (group === 'additional') {
      const records = product.additionalImages.map(
        (e, i) =>
          (changed.get(i) as ProcessedImage | undefined) ??
          (typeof e === 'string' ? { index: i, url: e, originalUrl: e } : e),
      );
      updates.additionalImages = records;
      status = {
        task: 'additionalImage',
        value: deriveImageTaskStatus(
          records.map((r) => r.processType ?? 'original'),
          'additionalImage',
        ),
      };
    } else {
      const records = product.detailImages.map(
        (e, i) =>
          (changed.get(i) as ProcessedImage | undefined) ??
          (typeof e === 'string'
            ? { index: i, url: e, originalUrl: e, processType: 'original' as const }
            : e),
      );
      const page = await pageUpdates(scope, product, records);
      Object.assign(updates, page.updates);
      status = { task: 'detailImage', value: page.status };
    }
    await writeAsked(scope, updates);
    // The seller's image action sets the image task's status it changed (docs/architecture.md).
    await deps.products.setTaskStatus(scope, status.task, status.value);
  }

  /** The detail page merged again from these records, written with the detail task's status. */
  async function writePage(scope: Scope, product: ImageProduct, records: ProcessedImage[]): Promise<void> {
    const page = await pageUpdates(scope, product, records);
    await writeAsked(scope, page.updates);
    await deps.products.setTaskStatus(scope, 'detailImage', page.status);
  }

  async function pageUpdates(scope: Scope, product: ImageProduct, records: ProcessedImage[]) {
    const settings = await deps.settings.imageSettings(scope.companyId);
    const plan = planDetailPage(records, settings);
    const contents = plan.contents.map((e, i) =>
      typeof e === 'string'
        ? { index: i, url: e, originalUrl: e, processType: 'original' as const }
        : { ...e, index: i },
    );
    const merged = await mergeDetailPage(
      deps.storage,
      scope.companyId,
      [
        ...(plan.top ? [plan.top] : []),
        ...contents.map((r) => r.url ?? r.originalUrl ?? ''),
        ...(plan.bottom ? [plan.bottom] : []),
      ],
      {
        registrationId: product.registrationId,
        supplierCode: await deps.settings.supplierCode(scope.companyId),
      },
      deps.imageFetch,
    );
    const status = deriveImageTaskStatus(
      contents.map((r) => r.processType ?? 'original'),
      'detailImage',
    );
    return {
      updates: detailPageUpdates({
        plan,
        records: contents,
        merged,
        status,
        documents: documentCount(product),
      }),
      status,
    };
  }

  async function translateAt(
    scope: Scope,
    product: ImageProduct,
    group: ImageGroup,
    index: number,
  ): Promise<ProcessedImage | MainImageStatus> {
    const { record, source } = locate(product, group, index);
    const protect = record.protectedRegions;
    const supplierCode = await deps.settings.supplierCode(scope.companyId);
    const name = `${product.registrationId}_${group === 'main' ? 'main' : group === 'additional' ? 'add' : 'detail'}_${index + 1}`;
    const r = await translateImageStep(
      stepDeps(scope),
      source,
      group === 'detail' ? undefined : { type: 'main', name, supplierCode },
      protect,
      // A representative image loses all its text (issue 20), as the main image task does.
      group === 'main' ? 'removeAll' : 'translate',
    );
    const extra = protect ? { protectedRegions: protect } : {};
    if (group === 'main') return { ...optionMainImageStatus(source, r), ...extra };
    const next = { ...processedImageRecord(index, r, record.name ?? name), ...extra };
    if (group === 'detail') {
      next.processType = decideProcessType({
        isFrameImage: false,
        translated: r.isTranslated,
        failed: r.processType === 'error' || r.failure !== undefined,
        keptOriginal: r.processType !== 'error',
      });
    }
    return next;
  }

  return {
    /** Translates one image (index) or every image of the group again. */
    async retranslate(
      asked: ImageActionScope,
      input: { group: ImageGroup; index?: number | undefined },
    ): Promise<void> {
      const scope: Scope = { ...asked, deps };
      const product = await loadImageProduct(scope);
      const size = groupSize(product, input.group);
      if (size === 0) throw invalidGroup();
      const indexes = input.index === undefined ? [...Array(size).keys()] : [input.index];
      const changed = new Map<number, ProcessedImage | MainImageStatus>();
      for (const i of indexes) changed.set(i, await translateAt(scope, product, input.group, i));
      await writeGroup(scope, product, input.group, changed);
    },

    /** Keeps `regions` of one image as they are (never removed or redrawn) and translates it again. */
    async protect(
      asked: ImageActionScope,
      input: { group: ImageGroup; index: number; regions: Rect[] },
    ): Promise<void> {
      const scope: Scope = { ...asked, deps };
      const product = await loadImageProduct(scope);
      const { record } = locate(product, input.group, input.index);
      record.protectedRegions = input.regions;
      // The translation below reads the regions from the located record.
      if (input.group === 'main') {
        const option = product.options[input.index]!;
        const current = option.mainImageStatus;
        const status = typeof current === 'object' ? current : { status: current ?? 'pending' };
        option.mainImageStatus = { ...status, protectedRegions: input.regions };
      } else {
        const list = input.group === 'additional' ? product.additionalImages : product.detailImages;
        list[input.index] = record;
      }
      const next = await translateAt(scope, product, input.group, input.index);
      await writeGroup(scope, product, input.group, new Map([[input.index, next]]));
    },

    /** A new image of one translated image from its edited lines, on its text-removed image. */
    async editText(
      asked: ImageActionScope,
      input: { group: ImageGroup; index: number; items: EditedOcrItem[] },
    ): Promise<{ url: string }> {
      const scope: Scope = { ...asked, deps };
      const product = await loadImageProduct(scope);
      const { record, source } = locate(product, input.group, input.index);
      if (!record.requestId) throw notEdited();
      const r = await translation.regenerate(scope.companyId, scope.userId, {
        preRequestId: record.requestId,
        ocrData: input.items,
      });
      let url = r.url;
      let dimensions = record.dimensions;
      let bytes = r.filesize;
      if (input.group !== 'detail') {
        const name = `${product.registrationId}_${input.group === 'main' ? 'main' : 'add'}_${input.index + 1}_edit`;
        const stored = await storeTaskImage({ storage: deps.storage, companyId: scope.companyId }, r.url, {
          type: 'main',
          name,
          supplierCode: await deps.settings.supplierCode(scope.companyId),
        });
        url = stored.url;
        dimensions = stored.dimensions;
        bytes = stored.filesize;
      }
      const edited = {
        requestId: r.requestId,
        lastEdited: new Date().toISOString(),
        textAreas: textAreasOf(r.items),
        filesize: formatFileSize(bytes),
        bytes,
        ...(dimensions ? { dimensions } : {}),
      };
      const next =
        input.group === 'main'
          ? ({
              ...(record as object),
              ...edited,
              status: 'completed',
              image: source,
              processedImage: url,
              textRemoved: true,
            } as MainImageStatus)
          : ({ ...record, ...edited, url, processType: 'translated', isTranslated: true } as ProcessedImage);
      if (input.group === 'main') {
        delete (next as Record<string, unknown>).url;
        delete (next as Record<string, unknown>).originalUrl;
      }
      await writeGroup(scope, product, input.group, new Map([[input.index, next]]));
      return { url };
    },

    /** The detail page in the seller's order (indexes into detailImages; the ones left out are dropped), merged again. */
    async arrangeDetailPage(asked: ImageActionScope, input: { order: number[] }): Promise<void> {
      const scope: Scope = { ...asked, deps };
      const product = await loadImageProduct(scope);
      const list = product.detailImages;
      if (input.order.length === 0 || input.order.some((i) => list[i] === undefined)) throw invalidGroup();
      const unique = [...new Set(input.order)];
      const records = unique.map((i) => {
        const e = list[i]!;
        return typeof e === 'string' ? { url: e, originalUrl: e, processType: 'original' as const } : e;
      });
      await writePage(scope, product, records);
    },

    /** Merges the page again (after the top / bottom settings changed). */
    async remergeDetailPage(asked: ImageActionScope): Promise<void> {
      const scope: Scope = { ...asked, deps };
      const product = await loadImageProduct(scope);
      if (product.detailImages.length === 0)
        throw new AppError('no_images', 'invalid', MESSAGES.noImagesToProcess);
      const records = product.detailImages.map((e) =>
        typeof e === 'string' ? { url: e, originalUrl: e, processType: 'original' as const } : e,
      );
      await writePage(scope, product, records);
    },
  };
}

export type ProductImageActions = ReturnType<typeof createProductImageActions>;
