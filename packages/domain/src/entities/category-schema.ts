import { z } from 'zod';
import { DOCUMENT_SECTIONS } from './registration-document.ts';

// Our category schema, modelled on Coupang's category metadata answer
// (GET …/meta/category-related-metas/display-category-codes/{code}) plus the document fields
// the registration form requires. Rules (dropdowns, mandatory attributes, completeness) read it.

export const SchemaAttribute = z.looseObject({
  /** attributeTypeName */
  name: z.string(),
  dataType: z.string().default('STRING'),
  /** SELECT = dropdown with `choices`; INPUT = free text (older answers have no inputType). */
  inputType: z.enum(['SELECT', 'INPUT']).default('INPUT'),
  choices: z.array(z.string()).default([]),
  basicUnit: z.string().nullable().default(null),
  usableUnits: z.array(z.string()).default([]),
  /** required === MANDATORY */
  required: z.boolean().default(false),
  /** exposed === EXPOSED (purchase option); otherwise a search filter (unexposed). */
  exposed: z.boolean().default(false),
  /** Attributes sharing a group number: fill exactly one of them ("NONE" → null). */
  groupNumber: z.string().nullable().default(null),
});
export type SchemaAttribute = z.infer<typeof SchemaAttribute>;

export const SchemaNoticeItem = z.looseObject({
  name: z.string(),
  required: z.boolean().default(true),
  /** Allowed values when the form offers a dropdown (rare; empty = free text). */
  choices: z.array(z.string()).default([]),
});
export type SchemaNoticeItem = z.infer<typeof SchemaNoticeItem>;

export const SchemaNoticeCategory = z.looseObject({
  name: z.string(),
  items: z.array(SchemaNoticeItem).default([]),
});
export type SchemaNoticeCategory = z.infer<typeof SchemaNoticeCategory>;

export const SchemaCertification = z.looseObject({
  type: z.string(),
  name: z.string(),
  dataType: z.string().default('NONE'),
  /** MANDATORY / OPTIONAL / RECOMMEND as Coupang sends it. */
  required: z.string().default('OPTIONAL'),
});
export type SchemaCertification = z.infer<typeof SchemaCertification>;

export const SchemaRequiredDocument = z.looseObject({
  templateName: z.string(),
  /** OPTIONAL, MANDATORY or a conditional token such as MANDATORY_PARALLEL_IMPORTED. */
  required: z.string().default('OPTIONAL'),
});
export type SchemaRequiredDocument = z.infer<typeof SchemaRequiredDocument>;

export const SchemaFieldType = z.enum(['string', 'integer', 'number', 'array', 'object', 'boolean']);
export type SchemaFieldType = z.infer<typeof SchemaFieldType>;

/** A required field of one document section, e.g. logisticsPage / totalSKUsInBox. */
export const SchemaRequiredField = z.looseObject({
  section: z.enum(DOCUMENT_SECTIONS),
  /** Dotted path inside the section, e.g. `images.sizeChartImage`. */
  path: z.string(),
  /** Label used in messages ('{title}이(가) 필수입니다.'). */
  title: z.string(),
  type: SchemaFieldType.default('string'),
});
export type SchemaRequiredField = z.infer<typeof SchemaRequiredField>;

export const CategorySchema = z.looseObject({
  displayCategoryCode: z.number().int().nullable().default(null),
  categoryPath: z.string().default(''),
  isAllowSingleItem: z.boolean().default(false),
  attributes: z.array(SchemaAttribute).default([]),
  noticeCategories: z.array(SchemaNoticeCategory).default([]),
  certifications: z.array(SchemaCertification).default([]),
  requiredDocuments: z.array(SchemaRequiredDocument).default([]),
  allowedOfferConditions: z.array(z.string()).default([]),
  isExpirationDateRequiredForRocketGrowth: z.boolean().default(false),
  /** Document fields the form requires, per section (sourcingPage is never checked). */
  requiredFields: z.array(SchemaRequiredField).default([]),
});
export type CategorySchema = z.infer<typeof CategorySchema>;

// ------------------------------------------------------------ Coupang's raw answer (input)

export const CoupangMetaAttribute = z.looseObject({
  attributeTypeName: z.string(),
  dataType: z.string().optional(),
  inputType: z.string().optional(),
  inputValues: z.array(z.string()).optional(),
  basicUnit: z.string().optional(),
  usableUnits: z.array(z.string()).optional(),
  required: z.string().optional(),
  exposed: z.string().optional(),
  groupNumber: z.string().optional(),
});
export type CoupangMetaAttribute = z.infer<typeof CoupangMetaAttribute>;

export const CoupangCategoryMeta = z.looseObject({
  isAllowSingleItem: z.boolean().optional(),
  attributes: z.array(CoupangMetaAttribute).default([]),
  noticeCategories: z
    .array(
      z.looseObject({
        noticeCategoryName: z.string(),
        noticeCategoryDetailNames: z
          .array(z.looseObject({ noticeCategoryDetailName: z.string(), required: z.string().optional() }))
          .default([]),
      }),
    )
    .default([]),
  requiredDocumentNames: z
    .array(z.looseObject({ templateName: z.string(), required: z.string().optional() }))
    .default([]),
  certifications: z
    .array(
      z.looseObject({
        certificationType: z.string(),
        name: z.string(),
        dataType: z.string().optional(),
        required: z.string().optional(),
      }),
    )
    .default([]),
  allowedOfferConditions: z.array(z.string()).default([]),
  isExpirationDateRequiredForRocketGrowth: z.boolean().optional(),
});
export type CoupangCategoryMeta = z.infer<typeof CoupangCategoryMeta>;

/** The whole answer `{ code, message, data }`. */
export const CoupangCategoryMetaAnswer = z.looseObject({
  code: z.string().optional(),
  message: z.string().optional(),
  data: CoupangCategoryMeta,
});
export type CoupangCategoryMetaAnswer = z.infer<typeof CoupangCategoryMetaAnswer>;
