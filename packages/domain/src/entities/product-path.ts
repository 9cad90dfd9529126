import type { RocketProduct } from './product.ts';

// Issue 40: a product write names its fields by paths checked against the product entity.
// `productPath('options', i, 'price')` is the dotted path `options.3.price`, typed so that a field
// the entity does not declare (a misspelling) fails the type check; `ProductFields` is a write's
// set of fields, keyed by those paths only (`{ 'seo.productName': … }` is checked the same way).

type Segment = string | number;

/** An object's declared keys (a loose object's index signature left out). */
type KnownKeys<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** Only an index signature: a record keyed by any string (fieldSources, untranslatedPhrases). */
type IsRecord<T> = string extends keyof T ? ([KnownKeys<T>] extends [never] ? true : false) : false;

type Deeper = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Every dotted path into T: array slots as `${number}`, a record's keys as `${string}`; D levels at most. */
type PathsOf<T, D extends number> = [D] extends [never]
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | `${number}.${PathsOf<E, Deeper[D]>}`
    : T extends object
      ? IsRecord<T> extends true
        ? `${string}`
        : {
            [K in KnownKeys<T> & string]: K | `${K}.${PathsOf<NonNullable<T[K]>, Deeper[D]>}`;
          }[KnownKeys<T> & string]
      : never;

/** Every path a product write may name (the entity's declared fields, at any depth it declares). */
export type ProductPathString = PathsOf<RocketProduct, 10>;

/** A write's fields: each key a path of the product entity. */
export type ProductFields = { [P in ProductPathString]?: unknown };

/**
 * F when every key is a path of the entity; never for a plain `Record<string, unknown>` (its keys
 * were never checked) or a literal with an unknown key. For functions that take the fields
 * generically: `<F extends ProductFields>(fields: CheckedFields<F>)`.
 */
export type CheckedFields<F> = string extends keyof F
  ? never
  : [Exclude<keyof F, ProductPathString>] extends [never]
    ? F
    : never;

type SegmentText<H> = H extends number ? `${number}` : H & string;
type JoinPath<S extends readonly Segment[]> = S extends readonly [infer H extends Segment]
  ? SegmentText<H>
  : S extends readonly [infer H extends Segment, ...infer R extends readonly Segment[]]
    ? `${SegmentText<H>}.${JoinPath<R>}`
    : never;

/**
 * The dotted path of these segments (numbers are array slots), e.g. `productPath('options', 2,
 * 'price')` → `options.2.price`. A segment the entity does not declare there, or a string not
 * known when compiling (use a union of literals), fails the type check; an index that is not a
 * whole number ≥ 0 throws.
 */
export function productPath<const S extends readonly Segment[]>(
  ...segments: S & ([JoinPath<S>] extends [ProductPathString] ? unknown : never)
): JoinPath<S> {
  if (segments.length === 0) throw new Error('empty product path');
  for (const s of segments) {
    if (typeof s === 'number' ? !(Number.isSafeInteger(s) && s >= 0) : s === '' || s.includes('.'))
      throw new Error(`invalid product path segment ${String(s)}`);
  }
  return segments.join('.') as JoinPath<S>;
}

/**
 * A write's fields from (path, value) pairs: `productFields([productPath('options', i, 'korName'),
 * name], …)`. (An object literal with a computed key loses the key's type; this keeps it checked.)
 */
export function productFields(...entries: readonly (readonly [ProductPathString, unknown])[]): ProductFields {
  const out: ProductFields = {};
  for (const [path, value] of entries) out[path] = value;
  return out;
}
