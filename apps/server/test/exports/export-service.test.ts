import { convertCoupangCategoryMeta, parseStoredProduct, type RegistrationDocument } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { fillDocument } from '../../../../packages/domain/test/fill-document.ts';
import puzzle from '../../../../packages/domain/test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import {
  type ExportDeps,
  exportSupplierHub,
  PreflightFailed,
  preflightForCoupang,
} from '../../src/exports/export-service.ts';
import {
  readCoupangCredentials,
  readCoupangKeysView,
  readExportSettings,
  saveExportSettings,
} from '../../src/exports/export-settings.ts';
import type {
  ExportSettingsRepository,
  ExportSettingsRow,
} from '../../src/exports/export-settings-repository.ts';
import type { ProductRow } from '../../src/products/product-store.ts';

// The pre-flight and the Coupang exports, and the export settings, on fakes: the export settings
// repository in memory, the products of a fake store, measured image facts given (no database, no
// image engine).

const SECRET = 'test-secret-0123456789abcdef';
const schema = convertCoupangCategoryMeta(puzzle.data ?? puzzle, {
  displayCategoryCode: 77426,
  categoryPath: '완구/취미>퍼즐/큐브>입체퍼즐',
});

/** The export settings table in memory. */
function fakeExportSettings() {
  const rows = new Map<string, ExportSettingsRow>();
  const repository: ExportSettingsRepository = {
    async find(companyId) {
      const row = rows.get(companyId);
      // Stored as JSON, read back parsed (jsonb).
      return row && JSON.parse(JSON.stringify(row));
    },
    async upsert(companyId, values) {
      rows.set(companyId, {
        banned_words: values.bannedWords,
        brand_words: values.brandWords,
        seller: values.seller,
      });
    },
  };
  return { repository, rows };
}

/** A product added to registration in the puzzle category with one filled option document. */
function productRow(id: string, edit: (doc: RegistrationDocument) => void = () => {}): ProductRow {
  const document = fillDocument(schema, 0, {
    image: 'https://cdn.example.com/main.jpg',
    productName: '입체 퍼즐 세트',
  });
  document.imagePage!.details!.detailedImage = 'https://cdn.example.com/detail.jpg';
  edit(document);
  const { product } = parseStoredProduct({
    productName: '입체 퍼즐 세트',
    source: { offerId: `offer-${id}` },
    options: [{ optionNumber: `R-${id}-1`, korName: '레드' }],
    rocketRegInfo: { displayCategoryCode: 77426, categoryPath: schema.categoryPath, schemaInfo: schema },
    coupangDoc: { productName: '입체 퍼즐 세트', jsonDocument: [document] },
  });
  const at = new Date('2026-11-28T09:00:00Z');
  return {
    id,
    registration_id: `R-${id}`,
    doc: product,
    setAside: [],
    completeness: 100,
    created_at: at,
    updated_at: at,
  };
}

/** The exports' deps over fakes: products by id, no other product of the company, clean images. */
function depsWith(rows: ProductRow[], exportSettings: ExportSettingsRepository): ExportDeps {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    exportSettings,
    products: {
      find: async (_companyId, id) => byId.get(id),
      barcodes: async () => [],
      findByOfferIds: async () => [],
      editLocked: async () => {
        throw new Error('not used here');
      },
    },
    categories: {
      find: async () => {
        throw new Error('the documents carry their schema');
      },
    },
    facts: {
      mainImage: async (url) => ({
        url,
        width: 1000,
        height: 1000,
        bytes: 200_000,
        whiteBorderRatio: 1,
        texts: [],
        markedCorners: [],
      }),
      detailImage: async (url) => ({ url, width: 800, height: 1600, bytes: 300_000 }),
    },
    now: () => new Date('2026-11-28T09:00:00Z'),
  };
}

describe('the pre-flight on fakes', () => {
  it('passes a filled product, and stops one without its notices with the Korean finding (422)', async () => {
    const settings = fakeExportSettings();
    const ok = productRow('ok');
    const noNotices = productRow('bare', (doc) => {
      doc.legalPage!.notices = [];
    });
    const deps = depsWith([ok, noNotices], settings.repository);

    const passed = await exportSupplierHub(deps, 'c1', ['ok']);
    expect(passed.drafts).toHaveLength(1);
    expect(passed.preflight[0]!.findings.filter((f) => f.severity === 'error')).toEqual([]);

    const stopped = await exportSupplierHub(deps, 'c1', ['ok', 'bare']).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(PreflightFailed);
    const failed = stopped as PreflightFailed;
    expect(failed.kind).toBe('unprocessable');
    expect(failed.preflight.map((p) => [p.productId, p.status])).toEqual([
      ['ok', expect.not.stringMatching('error')],
      ['bare', 'error'],
    ]);
    const notice = failed.preflight[1]!.findings.find((f) => f.rule === 'noticeRequired');
    expect(notice).toMatchObject({
      field: 'coupangDoc.jsonDocument.0.legalPage.notices',
      optionNumber: 'R-bare-1',
      severity: 'error',
    });
    expect(notice!.message.ko).toMatch(/^상품고시정보가 없습니다\. .+ 중 하나를 모두 입력해야 합니다\.$/);
  });

  it('a size chart made from the category default stops the export until the seller confirms it (issue 42)', async () => {
    const settings = fakeExportSettings();
    const chart = { sizeType: 'clothing', sizeUnits: 'cm', sizes: ['S', 'M', 'L', 'XL'], measurements: [] };
    const invented = productRow('inv');
    invented.doc.sizeChart = { ...chart, fromCategoryDefault: true, confirmed: false };
    const read = productRow('read');
    read.doc.sizeChart = chart;
    const deps = depsWith([invented, read], settings.repository);
    const stopped = (await exportSupplierHub(deps, 'c1', ['inv', 'read']).catch(
      (e: unknown) => e,
    )) as PreflightFailed;
    expect(stopped).toBeInstanceOf(PreflightFailed);
    const finding = stopped.preflight[0]!.findings.find((f) => f.rule === 'sizeChartUnconfirmed');
    expect(finding).toMatchObject({
      field: 'sizeChart',
      severity: 'error',
      fix: { updateFields: { 'sizeChart.confirmed': true } },
    });
    expect(finding!.message.ko).toBe(
      '사이즈표를 상품 이미지에서 읽지 못해 카테고리 기본값(S M L XL)으로 만들었습니다. 실제 치수와 맞는지 확인한 뒤 내보내거나 등록해주세요.',
    );
    expect(stopped.preflight[1]!.findings.some((f) => f.rule === 'sizeChartUnconfirmed')).toBe(false);
    // Confirmed by the seller (the finding's one-click fix): the export goes.
    invented.doc.sizeChart = { ...chart, fromCategoryDefault: true, confirmed: true };
    expect((await exportSupplierHub(deps, 'c1', ['inv'])).drafts).toHaveLength(1);
  });

  it("reads the company's seller details and words from the export settings repository", async () => {
    const settings = fakeExportSettings();
    const deps = depsWith([productRow('p')], settings.repository);
    const sellerFindings = async () => {
      // The Rocket Growth export's pre-flight (the register task's too): the payload's own checks joined.
      const { preflight } = await preflightForCoupang(deps, 'c1', ['p']);
      return preflight[0]!.findings.filter((f) => f.rule === 'sellerFieldMissing' || f.rule === 'bannedWord');
    };

    // Nothing saved: the vendor id and WING login are missing, in Korean.
    expect((await sellerFindings()).map((f) => f.message.ko)).toEqual([
      '쿠팡 판매자 정보의 업체코드(vendorId)이(가) 비어 있습니다. 설정 > 내보내기 설정에서 쿠팡 계정에서 불러온 값을 선택해주세요.',
      '쿠팡 판매자 정보의 WING 아이디(vendorUserId)이(가) 비어 있습니다. 설정 > 내보내기 설정에서 쿠팡 계정에서 불러온 값을 선택해주세요.',
    ]);

    // Saved for this company: they are found; a banned word of its own stops the product's name.
    await saveExportSettings(settings.repository, 'c1', {
      seller: { vendorId: 'A00012345', vendorUserId: 'wing-seller' },
      bannedWords: ['퍼즐'],
    });
    expect((await sellerFindings()).map((f) => f.rule)).toEqual(['bannedWord']);
    // Another company's settings are its own.
    expect((await readExportSettings(settings.repository, 'c2')).seller.vendorId).toBe('');
  });
});

describe('the export settings on a fake repository', () => {
  it('cleans the word lists, seals the keys, answers them masked and opens them for the client', async () => {
    const { repository, rows } = fakeExportSettings();
    const saved = await saveExportSettings(
      repository,
      'c1',
      {
        bannedWords: [' 최고 ', '최고', '', '특가'],
        seller: { vendorId: ' A00012345 ', accessKey: 'access-key-123456', secretKey: 'secret-key-abcdef' },
      },
      SECRET,
    );
    expect(saved.bannedWords).toEqual(['최고', '특가']);
    expect(saved.seller.vendorId).toBe('A00012345');
    // Stored sealed, never in clear.
    const stored = JSON.stringify(rows.get('c1'));
    expect(stored).not.toContain('access-key-123456');
    expect(stored).not.toContain('secret-key-abcdef');

    const view = await readCoupangKeysView(repository, 'c1', SECRET);
    expect(view.hasCoupangKeys).toBe(true);
    expect(view.accessKey).not.toBe('access-key-123456');
    expect(await readCoupangCredentials(repository, 'c1', SECRET)).toEqual({
      vendorId: 'A00012345',
      accessKey: 'access-key-123456',
      secretKey: 'secret-key-abcdef',
    });

    // Saving the masked values back keeps the keys; an empty string clears one.
    await saveExportSettings(
      repository,
      'c1',
      { seller: { accessKey: view.accessKey, secretKey: view.secretKey } },
      SECRET,
    );
    expect(await readCoupangCredentials(repository, 'c1', SECRET)).not.toBeNull();
    await saveExportSettings(repository, 'c1', { seller: { secretKey: '' } }, SECRET);
    expect(await readCoupangCredentials(repository, 'c1', SECRET)).toBeNull();
    expect((await readCoupangKeysView(repository, 'c1', SECRET)).hasCoupangKeys).toBe(false);
  });

  it("brings a chosen return centre's address from the account's codes into the return block", async () => {
    const { repository } = fakeExportSettings();
    await saveExportSettings(repository, 'c1', {
      accountCodes: {
        outbound: [{ code: '11', name: '출고지', address: '서울' }],
        returnCenters: [
          {
            code: 'R1',
            name: '반품센터',
            address: '경기도 성남시',
            addressDetail: '1층',
            zipCode: '13500',
            contact: '031-000-0000',
          },
        ],
        fetchedAt: '2026-11-28T09:00:00Z',
      },
    });
    const saved = await saveExportSettings(repository, 'c1', { seller: { returnCenterCode: 'R1' } });
    expect(saved.seller).toMatchObject({
      returnCenterCode: 'R1',
      returnChargeName: '반품센터',
      returnZipCode: '13500',
      returnAddress: '경기도 성남시',
      returnAddressDetail: '1층',
      companyContactNumber: '031-000-0000',
    });
    expect((await readExportSettings(repository, 'c1')).seller.returnAddress).toBe('경기도 성남시');
  });
});
