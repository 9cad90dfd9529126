import type { CategorySchema } from '@rr/domain';
import type { DocumentRates, SchemaPart } from './completeness.ts';

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

/** The option documents of the row version (xmin) a partial update of this process committed last. */
export type KnownDocuments = { version: string; docs: unknown; schemaHash: string | null };

/**
 * What the product code of one process remembers between calls, owned by the container (built once
 * per container, passed to the repository and the list): nothing here is needed for correctness,
 * every entry is checked against the row version or keyed by an immutable hash.
 */
export type ProductCaches = {
  /** Per product (`company:id`), this process's document updates run one after another. */
  readonly writeQueues: Map<string, Promise<unknown>>;
  /** Per product, the option documents of the row version this process wrote last. */
  readonly knownDocuments: BoundedMap<string, KnownDocuments>;
  /** Parsed category schemas by the md5 of their stored text (null: not a schema). */
  readonly schemas: BoundedMap<string, SchemaPart | null>;
  /** Category schemas as the document rules read them, by the same md5 (null: not a schema). */
  readonly categorySchemas: BoundedMap<string, CategorySchema | null>;
  /** Completeness rates of known option documents (weak: they go with the documents). */
  readonly documentRates: DocumentRates;
  /** `"schemaString":…,"schemaInfo":…` text by company and SHA-256, for the list's pages. */
  readonly schemaTexts: BoundedMap<string, Buffer>;
};

export function createProductCaches(): ProductCaches {
  return {
    writeQueues: new Map(),
    knownDocuments: new BoundedMap(2000),
    schemas: new BoundedMap(500),
    categorySchemas: new BoundedMap(500),
    documentRates: new WeakMap(),
    schemaTexts: new BoundedMap(200),
  };
}
