import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord } from '@rr/domain';
import { readCategoryTree as readShippedTree } from '../../categories/category-tree.ts';
import type { CategoryMeta, OutboundPlace, PlaceAddress, ReturnCenter } from './validate-create-payload.ts';

// What the fake Coupang knows about its one seller account: the outbound places and return centres
// (fictional Korean addresses, in the shapes of the "출고지 조회" / "반품지 목록 조회" examples), the
// category metadata (the app's fixtures, else a generic answer) and the Rocket Growth category tree.

const here = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const META_DIR = path.join(here, '../../categories/fixtures');
const TREE_FILE = path.join(here, '../../demo/fixtures/coupang-display-categories.json');

const address = (
  addressType: 'ROADNAME' | 'JIBUN',
  zip: string,
  returnAddress: string,
  detail: string,
  phone: string,
): PlaceAddress => ({
  addressType,
  countryCode: 'KR',
  companyContactNumber: phone,
  phoneNumber2: '',
  returnZipCode: zip,
  returnAddress,
  returnAddressDetail: detail,
});

/** Two outbound places (fictional addresses). */
export const DEFAULT_OUTBOUND_PLACES: OutboundPlace[] = [
  {
    outboundShippingPlaceCode: 4810021,
    shippingPlaceName: '본사 출고지',
    placeAddresses: [
      address(
        'ROADNAME',
        '08501',
        '서울특별시 금천구 가산디지털2로 000 (가산동)',
        '로켓빌딩 3층',
        '02-0000-1001',
      ),
      address('JIBUN', '08501', '서울특별시 금천구 가산동 000-0', '로켓빌딩 3층', '02-0000-1001'),
    ],
    remoteInfos: [],
    createDate: '2025/03/14',
    usable: true,
  },
  {
    outboundShippingPlaceCode: 4810022,
    shippingPlaceName: '김포 물류창고',
    placeAddresses: [
      address('ROADNAME', '10048', '경기도 김포시 고촌읍 아라육로 000', 'B동 창고 2번', '031-000-2002'),
    ],
    remoteInfos: [],
    createDate: '2025/06/02',
    usable: true,
  },
];

/** Two return centres (fictional addresses; the codes are strings as Coupang answers them). */
export const DEFAULT_RETURN_CENTERS: ReturnCenter[] = [
  {
    returnCenterCode: '1000552101',
    shippingPlaceName: '본사 반품지',
    deliverCode: 'CJGLS',
    deliverName: 'CJ대한통운',
    goodsflowStatus: '승인완료',
    createdAt: 1741910400000,
    placeAddresses: [
      address(
        'ROADNAME',
        '08501',
        '서울특별시 금천구 가산디지털2로 000 (가산동)',
        '로켓빌딩 지하 1층 반품실',
        '02-0000-1001',
      ),
      address('JIBUN', '08501', '서울특별시 금천구 가산동 000-0', '로켓빌딩 지하 1층 반품실', '02-0000-1001'),
    ],
    usable: true,
  },
  {
    returnCenterCode: '1000552102',
    shippingPlaceName: '김포 반품센터',
    deliverCode: 'CJGLS',
    deliverName: 'CJ대한통운',
    goodsflowStatus: '승인완료',
    createdAt: 1748822400000,
    placeAddresses: [
      address('ROADNAME', '10048', '경기도 김포시 고촌읍 아라육로 000', 'B동 반품 입고장', '031-000-2002'),
    ],
    usable: true,
  },
];

/**
 * A category with no stored metadata: 수량 (optional), the notice category 기타 재화 with the items the
 * app's generic schema uses (apps/server/src/categories/category-schemas.ts), no required document,
 * certification NOT_REQUIRED.
 */
export const GENERIC_META: CategoryMeta = {
  attributes: [
    {
      attributeTypeName: '수량',
      dataType: 'NUMBER',
      inputType: 'INPUT',
      inputValues: [],
      basicUnit: '개',
      usableUnits: ['개', '개입', '세트'],
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
  certifications: [{ certificationType: 'NOT_REQUIRED' }],
  requiredDocumentNames: [],
};

type TreeNode = { displayItemCategoryCode: number; name: string; status: string; child: TreeNode[] };

/** The category tree the fake serves (`{code, message, data: ROOT}`). */
export function readCategoryTree(): { code: string; message: string; data: TreeNode } {
  const answer = readJson(TREE_FILE) as { code: string; message: string; data: TreeNode };
  // The shipped tree is pruned; Coupang's leaf list grafts the leaves it leaves out (68010 among
  // them), so the fake's account knows every category the app offers.
  return { ...answer, data: { ...answer.data, child: readShippedTree().roots as TreeNode[] } };
}

/** Every code in the tree. */
export function treeCodes(root: TreeNode): Set<number> {
  const out = new Set<number>();
  const walk = (n: TreeNode) => {
    out.add(n.displayItemCategoryCode);
    for (const c of n.child ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** The stored metadata answers (apps/server/src/categories/fixtures/meta-<code>.json), by code. */
export function readStoredMetas(): Map<number, unknown> {
  const out = new Map<number, unknown>();
  for (const file of readdirSync(META_DIR)) {
    const m = /^meta-(\d+)\.json$/.exec(file);
    if (m) out.set(Number(m[1]), readJson(path.join(META_DIR, file)));
  }
  return out;
}

/** The metadata part of a stored answer (`{code, message, data}` or the bare object). */
export function metaOf(answer: unknown): CategoryMeta {
  const data = isRecord(answer) && isRecord(answer.data) ? answer.data : answer;
  const d = isRecord(data) ? data : {};
  return {
    attributes: Array.isArray(d.attributes) ? (d.attributes as CategoryMeta['attributes']) : [],
    noticeCategories: Array.isArray(d.noticeCategories)
      ? (d.noticeCategories as CategoryMeta['noticeCategories'])
      : [],
    certifications: Array.isArray(d.certifications)
      ? (d.certifications as CategoryMeta['certifications'])
      : [],
    requiredDocumentNames: Array.isArray(d.requiredDocumentNames)
      ? (d.requiredDocumentNames as CategoryMeta['requiredDocumentNames'])
      : [],
  };
}

/** The tree cut down to the given codes and the ancestors needed to reach them (registrationType=RFM). */
export function pruneTree(root: TreeNode, keep: ReadonlySet<number>): TreeNode {
  const prune = (n: TreeNode): TreeNode | null => {
    const child = (n.child ?? []).map(prune).filter((c): c is TreeNode => c !== null);
    if (child.length === 0 && !keep.has(n.displayItemCategoryCode)) return null;
    return { ...n, child };
  };
  return prune(root) ?? { ...root, child: [] };
}
