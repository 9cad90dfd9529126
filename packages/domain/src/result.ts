import { formatMessage, type MessageKey } from './messages.ts';

/** One problem found by a rule: a catalogue key, its Korean text and where it applies. */
export interface Issue {
  readonly code: MessageKey;
  readonly message: string;
  readonly path?: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Expected outcomes are values (STYLE.md): `{ ok, value } | { ok: false, issues }`. */
export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: Issue[] };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(issues: Issue[]): Result<T> {
  return { ok: false, issues };
}

export function issue(
  code: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
  path?: string,
): Issue {
  return {
    code,
    message: formatMessage(code, params),
    ...(path === undefined ? {} : { path }),
    ...(Object.keys(params).length ? { params } : {}),
  };
}
