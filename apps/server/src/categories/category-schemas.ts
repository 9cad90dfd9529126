import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CategorySchema,
  CategorySchema as CategorySchemaZ,
  convertCoupangCategoryMeta,
} from '@rr/domain';
import { buildDocumentJsonSchema } from './build-document-json-schema.ts';
import type { CategoryCaches } from './category-caches.ts';
import type { CategoryRepository } from './category-repository.ts';
import { type CategoryTree, categoryPathOf } from './category-tree.ts';
import { findCompanyCategorySchema } from './company-category-schemas.ts';

// Category schemas: converted from Coupang category metadata answers (fixtures/meta-{code}.json),
// stored in `category_schemas` (shared by every company: they are Coupang's, not the seller's).

const here = path.dirname(fileURLToPath(import.meta.url));
const META_DIR = path.join(here, 'fixtures');

export type StoredCategorySchema = {
  displayCategoryCode: number;
  categoryPath: string;
  schema: CategorySchema;
  jsonSchema: Record<string, unknown>;
  isGeneric: boolean;
  /** The company's own schema (added from a metadata answer). */
  isCompany?: boolean;
};

/** Codes of the metadata answers we ship. */
export function shippedSchemaCodes(): number[] {
  return readdirSync(META_DIR)
    .map((f) => /^meta-(\d+)\.json$/.exec(f)?.[1])
    .filter((c): c is string => c !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The schema of a category whose metadata answer we ship (fixtures/meta-{code}.json). */
export function shippedCategorySchema(tree: CategoryTree, code: number): StoredCategorySchema {
  const raw = JSON.parse(readFileSync(path.join(META_DIR, `meta-${code}.json`), 'utf8'));
  const categoryPath = categoryPathOf(tree, code) ?? String(code);
  const schema = convertCoupangCategoryMeta(raw, { displayCategoryCode: code, categoryPath });
  return {
    displayCategoryCode: code,
    categoryPath,
    schema,
    jsonSchema: buildDocumentJsonSchema(schema),
    isGeneric: false,
  };
}

/** Loads the shipped schemas into the table (insert or refresh); safe to run on every start. */
export async function seedCategorySchemas(
  repository: Pick<CategoryRepository, 'upsertShipped'>,
  tree: CategoryTree,
): Promise<number> {
  const codes = shippedSchemaCodes();
  for (const code of codes) {
    const s = shippedCategorySchema(tree, code);
    await repository.upsertShipped({
      code,
      categoryPath: s.categoryPath,
      schema: s.schema,
      jsonSchema: s.jsonSchema,
    });
  }
  return codes.length;
}

/**
 * The readers of category schemas (the category service, regproduct and the document check, the
 * exports, the required documents): built once by the container over the category repository and
 * caches. Everything outside categories/ reads a schema through it.
 */
export type CategorySchemas = {
  /** The shipped display category tree (read once, from the caches). */
  tree(): CategoryTree;
  /**
   * The category's schema: the company's own (from a metadata answer it added) first, then the
   * shipped one, else a generic one (notice 기타 재화) when Coupang's answer for it is not stored;
   * undefined for a code the tree does not hold and nothing stores.
   */
  find(code: number, companyId?: string): Promise<StoredCategorySchema | undefined>;
  /** Codes with a stored schema: the shipped ones, and the company's own when a company is given. */
  codesWithSchema(companyId?: string): Promise<Set<number>>;
};

export function createCategorySchemas(
  repository: CategoryRepository,
  caches: CategoryCaches,
): CategorySchemas {
  /** The shipped schemas are checked (and seeded when short) once per repository and caches. */
  async function ensureShipped(): Promise<void> {
    if (caches.seeded.has(repository)) return;
    if ((await repository.countShipped()) < shippedSchemaCodes().length)
      await seedCategorySchemas(repository, caches.tree());
    caches.seeded.add(repository);
  }

  async function find(code: number, companyId?: string): Promise<StoredCategorySchema | undefined> {
    if (companyId) {
      const own = await findCompanyCategorySchema(repository, companyId, code);
      if (own) return { ...own, isGeneric: false, isCompany: true };
    }
    await ensureShipped();
    const row = await repository.findShipped(code);
    if (row) {
      return {
        displayCategoryCode: row.display_category_code,
        categoryPath: row.category_path,
        schema: CategorySchemaZ.parse(row.schema),
        jsonSchema: row.json_schema,
        isGeneric: false,
      };
    }
    const categoryPath = categoryPathOf(caches.tree(), code);
    if (!categoryPath) return undefined;
    const schema = convertCoupangCategoryMeta(GENERIC_META, { displayCategoryCode: code, categoryPath });
    return {
      displayCategoryCode: code,
      categoryPath,
      schema,
      jsonSchema: buildDocumentJsonSchema(schema),
      isGeneric: true,
    };
  }

  return {
    tree: () => caches.tree(),
    find,
    async codesWithSchema(companyId) {
      await ensureShipped();
      return new Set(await repository.schemaCodes(companyId));
    },
  };
}

/** The answer most categories share when nothing more is known: 수량 + 기타 재화 notices. */
const GENERIC_META = {
  isAllowSingleItem: true,
  attributes: [
    {
      attributeTypeName: '수량',
      dataType: 'NUMBER',
      inputType: 'INPUT',
      inputValues: [],
      basicUnit: '개',
      usableUnits: ['개', '개입', '세트'],
      required: 'MANDATORY',
      groupNumber: 'NONE',
      exposed: 'EXPOSED',
    },
    {
      attributeTypeName: '색상',
      dataType: 'STRING',
      inputType: 'INPUT',
      inputValues: [],
      basicUnit: '없음',
      usableUnits: [],
      required: 'OPTIONAL',
      groupNumber: 'NONE',
      exposed: 'EXPOSED',
    },
  ],
  noticeCategories: [
    {
      noticeCategoryName: '기타 재화',
      noticeCategoryDetailNames: [
        '품명 및 모델명',
        '인증/허가 사항',
        '제조국(원산지)',
        '제조자(수입자)',
        '소비자상담 관련 전화번호',
      ].map((n) => ({ noticeCategoryDetailName: n, required: 'MANDATORY' })),
    },
  ],
  requiredDocumentNames: [],
  certifications: [
    { certificationType: 'NOT_REQUIRED', name: '인증대상아님', dataType: 'NONE', required: 'OPTIONAL' },
  ],
  allowedOfferConditions: ['NEW'],
};
