import { i18n } from '../../app/i18n';

const intFmt = new Intl.NumberFormat('ko-KR');
const yuanFmt = new Intl.NumberFormat('ko-KR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 12,300원 in Korean, ₩12,300 in English (the shell's current language). */
export function won(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const v = intFmt.format(Math.round(n));
  return i18n.language === 'en' ? `₩${v}` : `${v}원`;
}

/** ¥20.50 (source prices are yuan) */
export function yuan(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return `¥${yuanFmt.format(n)}`;
}

export function num(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return intFmt.format(n);
}

export function grams(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return `${intFmt.format(n)}g`;
}

/** 2026-05-01 14:03 in the seller's time zone */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
