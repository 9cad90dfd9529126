import { isDeepStrictEqual } from 'node:util';
import type { ImportDiff, ImportResult } from '@rr/contracts';
import {
  buildRegistrationDocument,
  type CategorySchema,
  detectOptionNameCollisions,
  diffSourceOffers,
  extractOfferId,
  isRecord,
  MESSAGES,
  makeOptionNumber,
  type ParseResult,
  parse1688Captures,
  parse1688Import,
  type SourceOffer,
  SourceOfferSchema,
} from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type getSettings, readDefaultSettings } from '../settings/settings-service.ts';
import { productCompleteness } from './completeness.ts';
import {
  findProductByOfferId,
  insertProduct,
  nextRegistrationId,
  type ProductRow,
} from './product-repository.ts';
import {
  newProductFromOffer,
  optionFromSource,
  optionSourceFields,
  productSourceFields,
} from './source-to-product.ts';

// 1688 import from real captures (issue 7): parse with the domain parser, create the product, or —
// for an offer already imported — show what changed and apply it only when the seller confirms,
// never overwriting what the seller edited (three-way: current value vs. last imported value).

type Input = { text?: string | undefined; json?: unknown; name?: string | undefined };
type Parsed = { offer: SourceOffer; read: number; kept: number; warnings: string[]; inputs: string[] };

const HOW_TO_CAPTURE =
  '1688 상품 페이지를 열고 페이지 소스 보기(Ctrl+U)에서 전체를 복사해 붙여 넣거나, 모바일 상세 데이터 또는 SKU 모델 응답(JSON)을 붙여 넣어 주세요.';

const MSG = {
  readKept: (read: number, kept: number) => `옵션 ${read}개를 읽고 ${kept}개를 가져왔습니다.`,
  created: (reg: string) => `새 상품 ${reg}을(를) 만들었습니다.`,
  updateAvailable: (reg: string, n: number) =>
    `이미 가져온 상품(${reg})입니다. 변경 사항 ${n}건을 확인한 뒤 '업데이트'를 눌러야 적용됩니다.`,
  updated: (reg: string, applied: number, kept: number) =>
    `상품 ${reg}의 원본 정보를 업데이트했습니다 (적용 ${applied}건${kept ? `, 셀러가 수정한 값 ${kept}건은 유지` : ''}).`,
  unchanged: (reg: string) => `이미 가져온 상품(${reg})이며 바뀐 내용이 없습니다.`,
  needsCapture: (offerId: string) =>
    `상품 번호 ${offerId}을(를) 찾았지만, 링크나 번호만으로는 상품 정보를 가져올 수 없습니다. 페이지 데이터가 필요합니다. ${HOW_TO_CAPTURE}`,
  noOfferId: `${MESSAGES.offerIdNotFound.ko}. ${HOW_TO_CAPTURE}`,
  mismatch: (read: number, kept: number) =>
    `읽은 옵션 ${read}개 중 ${kept}개만 가져왔습니다. 빠진 옵션을 확인해 주세요.`,
  removedKept: (n: number) => `원본에서 사라진 옵션 ${n}개는 삭제하지 않고 '원본에 없음'으로 표시했습니다.`,
  collisions: (names: string[]) =>
    `번역된 옵션 이름이 겹칩니다 (합치지 않고 표시만 했습니다): ${names.join(', ')}`,
  summary: (counts: Record<string, number>) =>
    `가져오기 결과: 새 상품 ${counts.created ?? 0}개, 업데이트 ${counts.updated ?? 0}개, 확인 필요 ${counts.updateAvailable ?? 0}개, 변경 없음 ${counts.unchanged ?? 0}개, 실패 ${(counts.refused ?? 0) + (counts.needsCapture ?? 0)}개`,
};

function inputName(input: Input, index: number): string {
  return input.name?.trim() || `입력 ${index + 1}`;
}

/** Pasted text that is only a link or a number (no page data): true. */
function isLinkOnly(text: string): boolean {
  const t = text.trim();
  return (
    t.length > 0 &&
    t.length < 2000 &&
    !/[{<]/.test(t) &&
    (/^\d{4,30}(\.html?)?$/.test(t) || /^https?:\/\/\S+$/i.test(t) || /1688\.com/i.test(t))
  );
}

function refused(reason: string, inputs: string[], offerId: string | null = null): ImportResult {
  return {
    offerId,
    outcome: 'refused',
    productId: null,
    registrationId: null,
    title: null,
    readOptions: 0,
    keptOptions: 0,
    message: reason,
    warnings: [],
    diff: null,
    inputs,
  };
}

/** Groups the captures by offer: each parses alone, or together with the captures it completes. */
function parseInputs(captures: { value: unknown; name: string }[]): {
  parsed: Parsed[];
  failures: ImportResult[];
} {
  const parsed: Parsed[] = [];
  const failures: ImportResult[] = [];
  const partial: { value: unknown; name: string; reason: string }[] = [];
  const byOffer = new Map<string, { values: unknown[]; names: string[] }>();
  const take = (r: ParseResult, names: string[]): boolean => {
    if (!r.ok) return false;
    parsed.push({
      offer: r.offer,
      read: r.read,
      kept: r.kept,
      warnings: r.warnings.map((w) => w.ko),
      inputs: names,
    });
    return true;
  };
  for (const c of captures) {
    const results = parse1688Import(c.value);
    if (results.length > 1) {
      // a file of many offers in our own format: each offer stands alone
      for (const r of results) if (!take(r, [c.name])) failures.push(refused(reasonOf(r), [c.name]));
      continue;
    }
    const r = results[0]!;
    if (!r.ok) {
      partial.push({ value: c.value, name: c.name, reason: reasonOf(r) });
      continue;
    }
    const group = byOffer.get(r.offer.offerId) ?? { values: [], names: [] };
    group.values.push(c.value);
    group.names.push(c.name);
    byOffer.set(r.offer.offerId, group);
  }
  // A partial capture (no title, no SKUs, a description page) completes a group of the same offer …
  const leftovers: typeof partial = [];
  for (const p of partial) {
    const home = [...byOffer.entries()].find(([offerId, g]) => {
      const merged = parse1688Captures([...g.values, p.value]);
      return merged.ok && merged.offer.offerId === offerId;
    });
    if (home) {
      home[1].values.push(p.value);
      home[1].names.push(p.name);
    } else leftovers.push(p);
  }
  for (const group of byOffer.values()) {
    const r =
      group.values.length === 1 ? parse1688Import(group.values[0])[0]! : parse1688Captures(group.values);
    if (!take(r, group.names)) failures.push(refused(reasonOf(r), group.names));
  }
  // … or the partial captures complete each other (mobile detail + SKU model answer).
  if (
    leftovers.length > 1 &&
    take(
      parse1688Captures(leftovers.map((l) => l.value)),
      leftovers.map((l) => l.name),
    )
  ) {
    return { parsed, failures };
  }
  for (const l of leftovers) failures.push(refused(l.reason, [l.name]));
  return { parsed, failures };
}

function reasonOf(r: ParseResult): string {
  return r.ok ? '' : r.reason.ko;
}

/** Counts of the kinds of items in one result list (for the summary line). */
function countOutcomes(results: ImportResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  return counts;
}

export async function importOffers(
  db: Db,
  companyId: string,
  request: { inputs: Input[]; confirmOfferIds: string[] },
) {
  const results: ImportResult[] = [];
  const captures: { value: unknown; name: string }[] = [];
  request.inputs.forEach((input, i) => {
    const name = inputName(input, i);
    if (input.json !== undefined) {
      captures.push({ value: input.json, name });
      return;
    }
    const text = input.text ?? '';
    if (isLinkOnly(text)) {
      const extracted = extractOfferId(text);
      const offerId = extracted.ok ? extracted.value : null;
      results.push({
        ...refused(offerId ? MSG.needsCapture(offerId) : MSG.noOfferId, [name], offerId),
        outcome: offerId ? 'needsCapture' : 'refused',
      });
      return;
    }
    captures.push({ value: text, name });
  });

  const { parsed, failures } = parseInputs(captures);
  results.push(...failures);
  const confirmed = new Set(request.confirmOfferIds);
  for (const p of parsed) {
    results.push(await importOne(db, companyId, p, confirmed.has(p.offer.offerId)));
  }
  for (const r of results) {
    await db
      .insertInto('import_history')
      .values({
        company_id: companyId,
        offer_id: r.offerId,
        outcome: r.outcome,
        product_id: r.productId,
        read_options: r.readOptions,
        kept_options: r.keptOptions,
        message: r.message,
        diff: r.diff ? JSON.stringify(r.diff) : null,
      })
      .execute();
  }
  return { res: 'success' as const, message: MSG.summary(countOutcomes(results)), results };
}

async function importOne(db: Db, companyId: string, p: Parsed, confirmed: boolean): Promise<ImportResult> {
  const warnings = [...p.warnings];
  if (p.read !== p.kept && !warnings.some((w) => w.includes(`${p.read}`)))
    warnings.push(MSG.mismatch(p.read, p.kept));
  const base = {
    offerId: p.offer.offerId,
    title: p.offer.title,
    readOptions: p.read,
    keptOptions: p.kept,
    inputs: p.inputs,
  };
  return db.transaction().execute(async (trx) => {
    // one import per offer at a time (two tabs importing the same offer make one product)
    await sql`select pg_advisory_xact_lock(hashtext(${`${companyId}:1688:${p.offer.offerId}`}))`.execute(trx);
    const existing = await findProductByOfferId(trx, companyId, p.offer.offerId);
    if (!existing) {
      const registrationId = await nextRegistrationId(trx, companyId);
      const doc = newProductFromOffer(
        p.offer,
        registrationId,
        (i) => makeOptionNumber(registrationId, i + 1),
        {
          read: p.read,
          kept: p.kept,
          warnings,
          now: new Date().toISOString(),
        },
      );
      const row = await insertProduct(trx, companyId, registrationId, doc);
      return {
        ...base,
        outcome: 'created' as const,
        productId: row.id,
        registrationId,
        message: `${MSG.created(registrationId)} ${MSG.readKept(p.read, p.kept)}`,
        warnings,
        diff: null,
      };
    }
    await sql`select 1 from products where id = ${existing.id} for update`.execute(trx);
    const locked = (await trx
      .selectFrom('products')
      .select(['id', 'registration_id', 'doc', 'created_at', 'updated_at'])
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow()) as ProductRow;
    const merge = mergeReimport(locked.doc, p.offer);
    if (merge.collisionNames.length) warnings.push(MSG.collisions(merge.collisionNames));
    if (merge.diff.removedOptions.length) warnings.push(MSG.removedKept(merge.diff.removedOptions.length));
    const common = {
      ...base,
      productId: locked.id,
      registrationId: locked.registration_id,
      warnings,
      diff: merge.diff,
    };
    if (!merge.hasChanges) {
      return {
        ...common,
        outcome: 'unchanged' as const,
        message: `${MSG.unchanged(locked.registration_id)} ${MSG.readKept(p.read, p.kept)}`,
      };
    }
    const count =
      merge.diff.changes.length + merge.diff.addedOptions.length + merge.diff.removedOptions.length;
    if (!confirmed) {
      return {
        ...common,
        outcome: 'updateAvailable' as const,
        message: `${MSG.updateAvailable(locked.registration_id, count)} ${MSG.readKept(p.read, p.kept)}`,
      };
    }
    const settings = merge.needsDocuments ? await readDefaultSettings(trx, companyId) : null;
    const doc = merge.apply(settings, {
      read: p.read,
      kept: p.kept,
      warnings,
      now: new Date().toISOString(),
    });
    await trx
      .updateTable('products')
      .set({ doc: JSON.stringify(doc), completeness: productCompleteness(doc), updated_at: sql`now()` })
      .where('id', '=', locked.id)
      .where('company_id', '=', companyId)
      .execute();
    const applied = merge.diff.changes.filter((c) => c.applies).length + merge.diff.addedOptions.length;
    const keptEdits = merge.diff.changes.filter((c) => !c.applies).length;
    return {
      ...common,
      outcome: 'updated' as const,
      message: `${MSG.updated(locked.registration_id, applied, keptEdits)} ${MSG.readKept(p.read, p.kept)}`,
    };
  });
}

/** Option-level domain diff field → the option fields it changes. */
const OPTION_FIELD_MAP: Record<string, string[]> = {
  priceFen: ['price', 'priceFen', 'priceMissing'],
  stock: ['stock'],
  skuId: ['skuId'],
  specId: ['specId'],
  weightG: ['weightG'],
};
const PRODUCT_FIELD_MAP: Record<string, string[]> = {
  title: ['productName', 'subject'],
  minOrderQuantity: ['minOrderQuantity'],
  priceTiers: ['priceTiers'],
};

/**
 * The re-import plan: the diff to show (each change says whether it applies: a field the seller edited
 * since the last import keeps the seller's value) and the function that builds the new document.
 */
export function mergeReimport(doc: Record<string, unknown>, next: SourceOffer) {
  const source = isRecord(doc.source) ? doc.source : {};
  const previousParsed = SourceOfferSchema.safeParse(source.offer);
  const previous = previousParsed.success ? previousParsed.data : null;
  const options = (Array.isArray(doc.options) ? doc.options : []).filter(isRecord);
  const byKey = new Map(options.map((o) => [String(o.sourceKey), o]));
  const prevByKey = new Map((previous?.options ?? []).map((o) => [o.sourceKey, o]));
  const changes: ImportDiff['changes'] = [];
  const setters: ((d: Record<string, unknown>) => void)[] = [];

  const domainDiff = previous ? diffSourceOffers(previous, next) : null;
  const prevProduct = previous ? productSourceFields(previous) : {};
  const nextProduct = productSourceFields(next);
  for (const c of domainDiff?.changes ?? []) {
    if (c.sourceKey === null) {
      const fields = PRODUCT_FIELD_MAP[c.field] ?? [];
      const applies = fields.every((f) => isDeepStrictEqual(doc[f], prevProduct[f]));
      changes.push({ field: c.field, optionKey: null, before: c.before, after: c.after, applies });
      if (applies)
        setters.push((d) => {
          for (const f of fields) d[f] = nextProduct[f];
        });
      continue;
    }
    const current = byKey.get(c.sourceKey);
    const prevOption = prevByKey.get(c.sourceKey);
    const nextOption = next.options.find((o) => o.sourceKey === c.sourceKey);
    if (!current || !prevOption || !nextOption) continue;
    const fields = OPTION_FIELD_MAP[c.field] ?? [c.field];
    const prevFields = optionSourceFields(prevOption);
    const nextFields = optionSourceFields(nextOption);
    const applies = fields.every((f) => isDeepStrictEqual(current[f] ?? null, prevFields[f] ?? null));
    const shown =
      c.field === 'priceFen' ? { before: prevFields.price, after: nextFields.price, field: 'price' } : c;
    changes.push({
      field: shown.field,
      optionKey: c.sourceKey,
      before: shown.before,
      after: shown.after,
      applies,
    });
    if (applies)
      setters.push(() => {
        for (const f of fields) current[f] = nextFields[f];
      });
  }
  // Fields the domain diff does not list (images, attributes, size, flags) follow the same rule silently.
  for (const f of [
    'mainImages',
    'originDetailImages',
    'originalDetailImages',
    'attributes',
    'productShippingInfo',
  ]) {
    if (!isDeepStrictEqual(prevProduct[f], nextProduct[f]) && isDeepStrictEqual(doc[f], prevProduct[f])) {
      setters.push((d) => (d[f] = nextProduct[f]));
    }
  }
  for (const o of next.options) {
    const current = byKey.get(o.sourceKey);
    const prevOption = prevByKey.get(o.sourceKey);
    if (!current || !prevOption) continue;
    const prevFields = optionSourceFields(prevOption);
    const nextFields = optionSourceFields(o);
    for (const f of ['sizeCm', 'listPrice', 'sourceFlags']) {
      if (
        !isDeepStrictEqual(prevFields[f], nextFields[f]) &&
        isDeepStrictEqual(current[f] ?? null, prevFields[f] ?? null)
      ) {
        setters.push(() => (current[f] = nextFields[f]));
      }
    }
  }

  const added = next.options.filter((o) => !byKey.has(o.sourceKey));
  const nextKeys = new Set(next.options.map((o) => o.sourceKey));
  const removed = options.filter((o) => !nextKeys.has(String(o.sourceKey)) && o.sourceRemoved !== true);
  const returned = options.filter((o) => nextKeys.has(String(o.sourceKey)) && o.sourceRemoved === true);

  // Collisions of translated / edited names (never merged, only flagged).
  const names = new Map<string, string>();
  for (const o of options) {
    const name =
      (typeof o.korName === 'string' && o.korName) ||
      (isRecord(o.option1) && typeof o.option1.nameTrans === 'string' ? o.option1.nameTrans : '');
    if (name) names.set(String(o.sourceKey), name);
  }
  const { collisions } = detectOptionNameCollisions(next.options, names);
  const colliding = new Set(collisions.flatMap((c) => c.sourceKeys));

  const hasChanges =
    changes.length > 0 ||
    added.length > 0 ||
    removed.length > 0 ||
    returned.length > 0 ||
    setters.length > changes.filter((c) => c.applies).length ||
    previous === null;
  const rocketRegInfo = isRecord(doc.rocketRegInfo) ? doc.rocketRegInfo : null;
  const coupangDoc =
    isRecord(doc.coupangDoc) && Array.isArray(doc.coupangDoc.jsonDocument) ? doc.coupangDoc : null;

  return {
    hasChanges,
    needsDocuments: added.length > 0 && rocketRegInfo !== null && coupangDoc !== null,
    collisionNames: collisions.map((c) => c.name),
    diff: {
      changes,
      addedOptions: added.map((o) => o.sourceKey),
      removedOptions: removed.map((o) => String(o.sourceKey)),
    } satisfies ImportDiff,
    apply(
      defaults: Awaited<ReturnType<typeof getSettings>>['defaultSettings'] | null,
      meta: { read: number; kept: number; warnings: string[]; now: string },
    ): Record<string, unknown> {
      const d: Record<string, unknown> = { ...doc, options };
      for (const set of setters) set(d);
      for (const o of removed) o.sourceRemoved = true;
      for (const o of returned) delete o.sourceRemoved;
      for (const o of options) {
        if (colliding.has(String(o.sourceKey))) o.nameCollision = true;
        else delete o.nameCollision;
      }
      const registrationId = String(doc.registrationId ?? '');
      let n = options.length;
      for (const o of added) {
        const option = optionFromSource(o, makeOptionNumber(registrationId, ++n));
        options.push(option);
        if (coupangDoc && rocketRegInfo && defaults && isRecord(rocketRegInfo.schemaInfo)) {
          (coupangDoc.jsonDocument as unknown[]).push(
            buildRegistrationDocument(rocketRegInfo.schemaInfo as CategorySchema, {
              ...defaults,
              productName: String((coupangDoc.productName as string | undefined) ?? d.productName ?? ''),
              categoryPath: String(rocketRegInfo.categoryPath ?? ''),
              option: {
                optionNumber: String(option.optionNumber),
                weightG: o.weightG ?? null,
                sizeCm: o.sizeCm ?? null,
              },
              offerId: next.offerId,
            }),
          );
        }
      }
      d.importWarnings = meta.warnings;
      d.source = {
        ...source,
        offer: next,
        lastImportedAt: meta.now,
        readOptions: meta.read,
        keptOptions: meta.kept,
      };
      return d;
    },
  };
}

export async function importHistory(db: Db, companyId: string, limit: number) {
  const rows = await db
    .selectFrom('import_history')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    offerId: r.offer_id,
    outcome: r.outcome as ImportResult['outcome'],
    productId: r.product_id,
    readOptions: r.read_options,
    keptOptions: r.kept_options,
    message: r.message,
    createdAt: r.created_at.toISOString(),
  }));
}
