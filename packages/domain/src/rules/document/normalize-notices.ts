import { REGISTRATION_DEFAULTS } from '../../constants.ts';
import type { Notice } from '../../entities/registration-document.ts';
import { isEmptyValue } from './is-empty-value.ts';
import { normalizeAttributeValue } from './normalize-attribute-value.ts';

export interface NoticeSettings {
  manufacturer?: string | undefined;
  importer?: string | undefined;
  asInfo?: string | undefined;
  /** Already decided by decideOrigin. */
  origin: string;
  qualityGuarantee?: string | undefined;
}

export type NoticeRole = 'maker' | 'afterService' | 'origin' | 'qualityGuarantee';

/** Which settings-filled notice a notice item name is (제조자(수입자), A/S…, 제조국…, 품질보증기준). */
export function classifyNotice(name: string): NoticeRole | null {
  if (/제조국|원산지/.test(name)) return 'origin';
  if (/제조자|제조사|수입자|수입원/.test(name)) return 'maker';
  if (/A\/S|AS 책임자|소비자상담/i.test(name)) return 'afterService';
  if (/품질보증/.test(name)) return 'qualityGuarantee';
  return null;
}

export function noticeName(notice: Notice): string {
  return (notice.noticeItemName ?? notice.noticeCategoryDetailName ?? '').trim();
}

function settingValue(role: NoticeRole, settings: NoticeSettings): string {
  switch (role) {
    case 'maker':
      return settings.manufacturer?.trim() || settings.importer?.trim() || '';
    case 'afterService':
      return settings.asInfo?.trim() || REGISTRATION_DEFAULTS.afterService;
    case 'origin':
      return settings.origin;
    case 'qualityGuarantee':
      return settings.qualityGuarantee?.trim() || REGISTRATION_DEFAULTS.qualityGuarantee;
  }
}

/**
 * W §5: notices are de-duplicated by name (the first non-empty value wins); the maker, after-service,
 * origin and quality guarantee notices are filled from the settings; other values with Chinese
 * characters, outside the choices, or empty become 상세페이지 참조.
 */
export function normalizeNotices(
  notices: readonly Notice[] = [],
  settings: NoticeSettings,
  choicesByName: ReadonlyMap<string, readonly string[]> = new Map(),
): Notice[] {
  const order: string[] = [];
  const byName = new Map<string, Notice>();
  for (const notice of notices) {
    const name = noticeName(notice);
    const current = byName.get(name);
    if (!current) {
      order.push(name);
      byName.set(name, notice);
    } else if (
      isEmptyValue(current.noticeItemValue ?? current.content) &&
      !isEmptyValue(notice.noticeItemValue ?? notice.content)
    ) {
      byName.set(name, notice);
    }
  }
  return order.map((name) => {
    const notice = byName.get(name) as Notice;
    const role = classifyNotice(name);
    const fromSettings = role ? settingValue(role, settings) : '';
    const raw = fromSettings || (notice.noticeItemValue ?? notice.content ?? null);
    const value = String(
      normalizeAttributeValue({ kind: 'notice', name, value: raw, choices: choicesByName.get(name) ?? [] }),
    );
    return 'content' in notice && !('noticeItemValue' in notice)
      ? { ...notice, content: value }
      : { ...notice, noticeItemValue: value };
  });
}
