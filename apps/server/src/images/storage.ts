/**
 * File storage for images (and other generated files), per company.
 *
 * Interface for other areas (e.g. /api/rocket-registration/upload-image):
 *
 *   const storage = createStorage(config);                      // files under ${DATA_DIR}/files
 *   const f = await storage.put(companyId, 'ABC_photo.jpg', bytes);   // → { key, url, size, contentType }
 *   f.url                                                       // '/files/<companyId>/<yyyymm>/<id>-ABC_photo.jpg'
 *                                                               //  (absolute when PUBLIC_URL is set)
 *   await storage.read(f.url)                                   // → { data, contentType } | undefined
 *   storage.isOwnUrl(url)                                       // true for our /files/... URLs
 *   app.register(fileRoutes(storage))                           // GET/HEAD /files/* (registered by image routes)
 *
 * Only the local file system is built; S3_* configuration is not used yet (see docs/decisions.md).
 * Keys never leave the storage root: '..', absolute paths, backslashes and NUL are refused.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';

export type StoredFile = { key: string; url: string; size: number; contentType: string };

export interface FileStorage {
  /** Stores bytes under the company's folder; the file name is sanitised and made unique. */
  put(companyId: string, fileName: string, data: Uint8Array, contentType?: string): Promise<StoredFile>;
  /** Reads a stored file by key or by one of our URLs; undefined when it is not ours or missing. */
  read(keyOrUrl: string): Promise<{ data: Buffer; contentType: string; key: string } | undefined>;
  /** The key of one of our URLs (`/files/...`, also absolute with PUBLIC_URL), else undefined. */
  keyOf(url: string): string | undefined;
  isOwnUrl(url: string): boolean;
  urlOf(key: string): string;
  /** Absolute path of a key inside the root (throws for keys that would escape it). */
  pathOf(key: string): string;
  readonly root: string;
}

export const FILES_PREFIX = '/files/';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
};

export const contentTypeOf = (name: string): string =>
  TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

/** Lower-case ASCII letters, digits, '-', '_' and '.' only; at most 80 characters; never empty. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-80);
  return cleaned || 'file';
}

export function createStorage(config: Pick<Config, 'dataDir' | 'publicUrl'>): FileStorage {
  const root = path.resolve(config.dataDir, 'files');
  const publicBase = config.publicUrl?.replace(/\/+$/, '');

  const checkKey = (key: string): string => {
    if (!key || key.includes('\0') || key.includes('\\') || key.startsWith('/'))
      throw new Error('invalid file key');
    const parts = key.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new Error('invalid file key');
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('invalid file key');
    return full;
  };

  const keyOf = (url: string): string | undefined => {
    let p = url;
    if (/^https?:\/\//i.test(url)) {
      try {
        const u = new URL(url);
        if (!publicBase || `${u.protocol}//${u.host}` !== new URL(publicBase).origin) return undefined;
        p = u.pathname;
      } catch {
        return undefined;
      }
    }
    if (!p.startsWith(FILES_PREFIX)) return undefined;
    let key: string;
    try {
      key = decodeURIComponent(p.slice(FILES_PREFIX.length).split(/[?#]/)[0]!);
    } catch {
      return undefined;
    }
    try {
      checkKey(key);
      return key;
    } catch {
      return undefined;
    }
  };

  const urlOf = (key: string) =>
    `${publicBase ?? ''}${FILES_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;

  return {
    root,
    pathOf: checkKey,
    keyOf,
    urlOf,
    isOwnUrl: (url) => keyOf(url) !== undefined,
    async put(companyId, fileName, data, contentType) {
      if (!/^[\w-]{1,64}$/.test(companyId)) throw new Error('invalid company id');
      const now = new Date();
      const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const key = `${companyId}/${month}/${randomUUID().slice(0, 13)}-${safeFileName(fileName)}`;
      const full = checkKey(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, data);
      return { key, url: urlOf(key), size: data.byteLength, contentType: contentType ?? contentTypeOf(key) };
    },
    async read(keyOrUrl) {
      const key =
        keyOrUrl.startsWith(FILES_PREFIX) || /^https?:/i.test(keyOrUrl) ? keyOf(keyOrUrl) : keyOrUrl;
      if (!key) return undefined;
      try {
        const data = await readFile(checkKey(key));
        return { data, contentType: contentTypeOf(key), key };
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * GET/HEAD /files/* streams stored files (public, unguessable names: marketplaces fetch them).
 * Any path that would leave the storage root answers 404.
 */
export const fileRoutes =
  (storage: FileStorage): FastifyPluginAsync =>
  async (app) => {
    app.get('/files/*', async (request, reply) => {
      const raw = (request.params as { '*': string })['*'] ?? '';
      let full: string;
      try {
        full = storage.pathOf(decodeURIComponent(raw));
        const s = await stat(full);
        if (!s.isFile()) throw new Error('not a file');
        reply.header('content-length', s.size);
      } catch {
        return reply.status(404).send({
          code: 'not_found',
          message: '파일을 찾을 수 없습니다.',
          error: '파일을 찾을 수 없습니다.',
        });
      }
      reply.header('content-type', contentTypeOf(full));
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(createReadStream(full));
    });
  };
