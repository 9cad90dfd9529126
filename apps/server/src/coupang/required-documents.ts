import type { CategorySchema } from '@rr/domain';
import { requiredDocumentNames } from '@rr/domain';
import { AppError, badRequest, notFound } from '../errors/app-error.ts';
import type { FileStorage } from '../images/storage.ts';
import type { ProductStore } from '../products/product-store.ts';

// Issue 37: the documents a category's metadata requires (`requiredDocumentNames`), uploaded per
// product and sent as the create's `requiredDocuments` ({templateName, vendorDocumentPath}). A
// MANDATORY one that is missing stops the product in the pre-flight.

/** Coupang takes document scans as images or PDF; 10 MB is the largest a seller's scan needs. */
export const REQUIRED_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

const MESSAGES = {
  notAFile: {
    ko: '구비서류 파일을 읽을 수 없습니다. JPG, PNG 또는 PDF 파일을 올려주세요.',
    en: 'The document cannot be read. Upload a JPG, PNG or PDF file.',
  },
  tooLarge: {
    ko: '구비서류 파일은 10MB 이하여야 합니다.',
    en: 'Document files must be at most 10 MB.',
  },
  unknownTemplate: {
    ko: '이 상품의 카테고리가 요구하는 서류가 아닙니다.',
    en: "This is not a document the product's category asks for.",
  },
  noCategory: {
    ko: '카테고리가 정해지지 않은 상품입니다. 먼저 상품 등록에서 카테고리를 선택해주세요.',
    en: 'The product has no category yet. Choose one in product registration first.',
  },
  productMissing: { ko: '상품을 찾을 수 없습니다.', en: 'Product not found.' },
};

/** The file's kind from its first bytes (never from its name): JPEG, PNG or PDF. */
function fileKind(bytes: Uint8Array): { ext: string; contentType: string } | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', contentType: 'image/jpeg' };
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return { ext: 'png', contentType: 'image/png' };
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    return { ext: 'pdf', contentType: 'application/pdf' };
  return null;
}

export type RequiredDocumentsDeps = {
  products: Pick<ProductStore, 'find' | 'writeFields'>;
  storage: Pick<FileStorage, 'put'>;
  /** The company's schema of a category (its own pasted one first). */
  schemaOf(companyId: string, displayCategoryCode: number): Promise<CategorySchema | null>;
  now(): Date;
};

export function createRequiredDocuments(deps: RequiredDocumentsDeps) {
  async function load(companyId: string, productId: string) {
    const row = await deps.products.find(companyId, productId);
    if (!row) throw notFound(MESSAGES.productMissing);
    const code = Number(row.doc.rocketRegInfo?.displayCategoryCode);
    const schema = Number.isInteger(code) && code > 0 ? await deps.schemaOf(companyId, code) : null;
    return { row, schema };
  }
  const view = (
    schema: CategorySchema | null,
    parallelImported: boolean,
    documents: readonly {
      templateName: string;
      vendorDocumentPath: string;
      fileName?: string;
      uploadedAt?: string;
    }[],
  ) => {
    const mandatory = new Set(schema ? requiredDocumentNames(schema, { parallelImported }) : []);
    return {
      required: (schema?.requiredDocuments ?? []).map((d) => ({
        templateName: d.templateName,
        mandatory: mandatory.has(d.templateName),
      })),
      documents: documents.map((d) => ({
        templateName: d.templateName,
        vendorDocumentPath: d.vendorDocumentPath,
        fileName: d.fileName ?? '',
        uploadedAt: d.uploadedAt ?? '',
      })),
    };
  };
  return {
    async list(companyId: string, productId: string) {
      const { row, schema } = await load(companyId, productId);
      return view(schema, false, row.doc.coupangDocuments ?? []);
    },
    /** Stores the file and puts it on the product for its template (replacing an earlier one). */
    async upload(
      companyId: string,
      productId: string,
      input: { templateName: string; fileName: string; dataBase64: string },
    ) {
      const { row, schema } = await load(companyId, productId);
      if (!schema) throw badRequest(MESSAGES.noCategory);
      if (!schema.requiredDocuments.some((d) => d.templateName === input.templateName))
        throw badRequest(MESSAGES.unknownTemplate);
      // Checked before decoding: base64 is 4/3 of the bytes.
      if (input.dataBase64.length > Math.ceil((REQUIRED_DOCUMENT_MAX_BYTES * 4) / 3) + 4)
        throw new AppError('document_too_large', 'too_large', MESSAGES.tooLarge);
      const bytes = Buffer.from(input.dataBase64.replace(/^data:[^,]*,/, ''), 'base64');
      if (bytes.length > REQUIRED_DOCUMENT_MAX_BYTES)
        throw new AppError('document_too_large', 'too_large', MESSAGES.tooLarge);
      const kind = fileKind(bytes);
      if (!kind) throw badRequest(MESSAGES.notAFile);
      const stored = await deps.storage.put(
        companyId,
        `required-document.${kind.ext}`,
        new Uint8Array(bytes),
        kind.contentType,
      );
      const document = {
        templateName: input.templateName,
        vendorDocumentPath: stored.url,
        fileName: input.fileName.slice(0, 200),
        uploadedAt: deps.now().toISOString(),
      };
      const documents = [
        ...(row.doc.coupangDocuments ?? []).filter((d) => d.templateName !== input.templateName),
        document,
      ];
      await deps.products.writeFields(
        { companyId, productId },
        { coupangDocuments: documents },
        { source: 'source' },
      );
      return view(schema, false, documents);
    },
    async remove(companyId: string, productId: string, templateName: string) {
      const { row, schema } = await load(companyId, productId);
      const documents = (row.doc.coupangDocuments ?? []).filter((d) => d.templateName !== templateName);
      await deps.products.writeFields(
        { companyId, productId },
        { coupangDocuments: documents },
        { source: 'source' },
      );
      return view(schema, false, documents);
    },
  };
}
export type RequiredDocuments = ReturnType<typeof createRequiredDocuments>;
