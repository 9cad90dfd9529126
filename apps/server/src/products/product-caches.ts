import type { CategorySchema } from '@rr/domain';
import type { DocumentRates, SchemaPart } from './completeness.ts';
import type { DefaultSettingsView } from './document-rules.ts';

/** A Map with a size bound: when full, the oldest entry (by insertion) goes first. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}

/**
 * A Map bounded by the bytes its values say they hold (`bytes`), least recently used out first:
 * `get` counts as a use. A value larger than a quarter of the bound is not kept.
 */
export class BytesBoundedMap<K, V extends { bytes: number }> extends Map<K, V> {
  #bytes = 0;
  constructor(readonly maxBytes: number) {
    super();
  }
  get heldBytes(): number {
    return this.#bytes;
  }
  override get(key: K): V | undefined {
    const value = super.get(key);
    if (value !== undefined) {
      super.delete(key);
      super.set(key, value);
    }
    return value;
  }
  override set(key: K, value: V): this {
    this.delete(key);
    if (value.bytes > this.maxBytes / 4) return this;
    super.set(key, value);
    this.#bytes += value.bytes;
    while (this.#bytes > this.maxBytes) this.delete(this.keys().next().value as K);
    return this;
  }
  override delete(key: K): boolean {
    const value = super.get(key);
    if (value === undefined) return false;
    this.#bytes -= value.bytes;
    return super.delete(key);
  }
  override clear(): void {
    this.#bytes = 0;
    super.clear();
  }
}

/** A stored value as a sparse read answers it: `{ v }` when the path holds a value, `{}` when not. */
export type StoredValue = { v?: unknown };

/**
 * What this process knows of one product at one row version (xmin), from its own partial updates
 * and the sparse reads before them: the option documents (coupangDoc.jsonDocument), the md5 of the
 * category schema's text and, once read at that version, the stored values at dotted paths (the
 * importStatus among them: what updatePartial's rules and seller marks compare with). Only ever used with an
 * `xmin =` condition on the write, so a stale entry costs a read, never a wrong write.
 */
export type KnownDocuments = {
  version: string;
  docs: unknown;
  schemaHash: string | null;
  paths?: ReadonlyMap<string, StoredValue>;
  /** Containers (dotted paths) whose type this process's writes made at this version. */
  containers?: ReadonlyMap<string, 'array' | 'object'>;
  /** Roughly the bytes the entry holds (its JSON text), for the cache's bound. */
  bytes: number;
};

/** A company's default settings as last read, with the settings row's version (xmin; null: no row). */
export type KnownSettings = { version: string | null; view: DefaultSettingsView };

/** Queues `job` behind the jobs already queued under `key` (a failed job does not stop the queue). */
export function oneAtATime<T>(
  queues: Map<string, Promise<unknown>>,
  key: string,
  job: () => Promise<T>,
): Promise<T> {
  const result = (queues.get(key) ?? Promise.resolve()).then(job);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return result;
}

/**
 * What the product code of one process remembers between calls, owned by the container (built once
 * per container, passed to the repository and the list): nothing here is needed for correctness,
 * every entry is checked against the row version or keyed by an immutable hash.
 */
export type ProductCaches = {
  /** Per product (`company:id`), this process's document updates run one after another. */
  readonly writeQueues: Map<string, Promise<unknown>>;
  /** Per product (`company:id`), what this process knows of the row version it wrote last. */
  readonly knownDocuments: BytesBoundedMap<string, KnownDocuments>;
  /** Per company, its default settings as last read with their version (checked by the write). */
  readonly settings: BoundedMap<string, KnownSettings>;
  /** Parsed category schemas by the md5 of their stored text (null: not a schema). */
  readonly schemas: BoundedMap<string, SchemaPart | null>;
  /** Category schemas as the document rules read them, by the same md5 (null: not a schema). */
  readonly categorySchemas: BoundedMap<string, CategorySchema | null>;
  /** Completeness rates of known option documents (weak: they go with the documents). */
  readonly documentRates: DocumentRates;
  /** `"schemaString":…,"schemaInfo":…` text by company and SHA-256, for the list's pages. */
  readonly schemaTexts: BoundedMap<string, Buffer>;
};

/** The bound of the known products' bytes per process. */
export const KNOWN_PRODUCTS_BYTES = 64 * 1024 * 1024;

export function createProductCaches(): ProductCaches {
  return {
    writeQueues: new Map(),
    knownDocuments: new BytesBoundedMap(KNOWN_PRODUCTS_BYTES),
    settings: new BoundedMap(2000),
    schemas: new BoundedMap(500),
    categorySchemas: new BoundedMap(500),
    documentRates: new WeakMap(),
    schemaTexts: new BoundedMap(200),
  };
}
