/** Dotted paths (`options.2.korName`) into a product document: read one, or set one on a copy. */

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Sets `a.b.0.c` on a copy of the document, so the page shows what was saved without a reload. */
export function setPath<T>(doc: T, path: string, value: unknown): T {
  const root = structuredClone(doc);
  const parts = path.split('.');
  const last = parts.pop() ?? '';
  let cur: unknown = root;
  for (const [i, key] of parts.entries()) {
    if (!isObject(cur)) return root;
    let next: unknown = Reflect.get(cur, key);
    if (!isObject(next)) {
      // a missing container: an array before a numeric segment, else an object
      next = /^\d+$/.test(parts[i + 1] ?? last) ? [] : {};
      Reflect.set(cur, key, next);
    }
    cur = next;
  }
  if (isObject(cur)) Reflect.set(cur, last, value);
  return root;
}

export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const key of path.split('.')) {
    if (!isObject(cur)) return undefined;
    cur = Reflect.get(cur, key);
  }
  return cur;
}
