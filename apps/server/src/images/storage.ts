/**
 * File storage for images (and other generated files), per company: files under ${DATA_DIR}/files,
 * or an S3-compatible bucket when S3_* is configured (config.s3).
 *
 * Interface for other areas (e.g. /api/rocket-registration/upload-image):
 *
 *   const storage = createStorage(config);                      // S3 when config.s3, else ${DATA_DIR}/files
 *   const f = await storage.put(companyId, 'ABC_photo.jpg', bytes);   // → { key, url, size, contentType }
 *   f.url                                                       // '/files/<companyId>/<yyyymm>/<id>-ABC_photo.jpg'
 *                                                               //  (absolute when PUBLIC_URL is set; with S3 and
 *                                                               //   S3_PUBLIC_URL: '<S3_PUBLIC_URL>/<key>')
 *   await storage.read(f.url)                                   // → { data, contentType } | undefined
 *   ownsKey(companyId, f.key)                                   // a client-given URL: check it is the caller's
 *   storage.isOwnUrl(url)                                       // true for our /files/... (and S3 public) URLs
 *   app.register(fileRoutes(storage))                           // GET/HEAD /files/* (registered by image routes)
 *
 * Keys never leave the storage root: '..', absolute paths, backslashes and NUL are refused.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';

export type StoredFile = { key: string; url: string; size: number; contentType: string };

/** A stored file opened for serving. */
export type OpenedFile = { body: Readable; size: number | undefined; contentType: string };

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under the company's folder; the file name is sanitised and made unique. */
  put(companyId: string, fileName: string, data: Uint8Array, contentType?: string): Promise<StoredFile>;
  /** Reads a stored file by key or by one of our URLs; undefined when it is not ours or missing. */
  read(keyOrUrl: string): Promise<{ data: Buffer; contentType: string; key: string } | undefined>;
  /** Size and type of a stored file (HEAD); undefined when the key is invalid or missing. */
  stat(key: string): Promise<{ size: number; contentType: string } | undefined>;
  /** A stored file as a stream (GET /files/*); undefined when the key is invalid or missing. */
  open(key: string): Promise<OpenedFile | undefined>;
  /** The key of one of our URLs (`/files/...`, also absolute with PUBLIC_URL or S3_PUBLIC_URL), else undefined. */
  keyOf(url: string): string | undefined;
  isOwnUrl(url: string): boolean;
  urlOf(key: string): string;
}

/** The local variant also exposes where its files are. */
export interface LocalFileStorage extends FileStorage {
  readonly kind: 'local';
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

/** Refuses keys that could leave the root: empty parts, '.', '..', absolute, backslashes, NUL. */
export function checkKeyShape(key: string): string {
  if (!key || key.includes('\0') || key.includes('\\') || key.startsWith('/'))
    throw new Error('invalid file key');
  const parts = key.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new Error('invalid file key');
  return key;
}

/** A new key `<companyId>/<yyyymm>/<unique>-<safe name>`. */
function newKey(companyId: string, fileName: string): string {
  if (!/^[\w-]{1,64}$/.test(companyId)) throw new Error('invalid company id');
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${companyId}/${month}/${randomUUID().slice(0, 13)}-${safeFileName(fileName)}`;
}

/** True when the key was stored for the company: keys start with it (`<companyId>/<yyyymm>/<file>`). */
export function ownsKey(companyId: string, key: string): boolean {
  return companyId !== '' && key.startsWith(`${companyId}/`);
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const trimSlash = (u: string | undefined) => u?.replace(/\/+$/, '') || undefined;

/**
 * URL ↔ key for one storage: `/files/<key>` (absolute under PUBLIC_URL when set), and, when files are
 * served straight from a public bucket URL, `<bucketPublicUrl>/<key>`.
 */
function urlScheme(publicUrl: string | undefined, bucketPublicUrl?: string) {
  const publicBase = trimSlash(publicUrl);
  const bucketBase = trimSlash(bucketPublicUrl);
  const validKey = (key: string) => {
    try {
      return checkKeyShape(key);
    } catch {
      return undefined;
    }
  };
  const decodeKey = (p: string) => {
    try {
      return validKey(decodeURIComponent(p.split(/[?#]/)[0]!));
    } catch {
      return undefined;
    }
  };
  const keyOf = (url: string): string | undefined => {
    if (bucketBase && url.startsWith(`${bucketBase}/`)) return decodeKey(url.slice(bucketBase.length + 1));
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
    return decodeKey(p.slice(FILES_PREFIX.length));
  };
  const urlOf = (key: string) =>
    bucketBase ? `${bucketBase}/${encodeKey(key)}` : `${publicBase ?? ''}${FILES_PREFIX}${encodeKey(key)}`;
  const keyOfRef = (keyOrUrl: string) =>
    keyOrUrl.startsWith(FILES_PREFIX) || /^https?:/i.test(keyOrUrl) ? keyOf(keyOrUrl) : validKey(keyOrUrl);
  return { keyOf, urlOf, keyOfRef };
}

/** Files under ${DATA_DIR}/files, or the S3-compatible bucket of `config.s3` when it is set. */
export function createStorage(
  config: Pick<Config, 'dataDir' | 'publicUrl'> & { s3?: Config['s3'] },
): FileStorage {
  return config.s3 ? createS3Storage(config.s3, config.publicUrl) : createLocalStorage(config);
}

/** Files under ${DATA_DIR}/files. */
export function createLocalStorage(config: Pick<Config, 'dataDir' | 'publicUrl'>): LocalFileStorage {
  const root = path.resolve(config.dataDir, 'files');
  const { keyOf, urlOf, keyOfRef } = urlScheme(config.publicUrl);

  const pathOf = (key: string): string => {
    const full = path.resolve(root, checkKeyShape(key));
    if (!full.startsWith(root + path.sep)) throw new Error('invalid file key');
    return full;
  };
  const fileStat = async (key: string) => {
    try {
      const full = pathOf(key);
      const s = await stat(full);
      return s.isFile() ? { full, size: s.size, contentType: contentTypeOf(full) } : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    kind: 'local',
    root,
    pathOf,
    keyOf,
    urlOf,
    isOwnUrl: (url) => keyOf(url) !== undefined,
    async put(companyId, fileName, data, contentType) {
      const key = newKey(companyId, fileName);
      const full = pathOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, data);
      return { key, url: urlOf(key), size: data.byteLength, contentType: contentType ?? contentTypeOf(key) };
    },
    async read(keyOrUrl) {
      const key = keyOfRef(keyOrUrl);
      if (!key) return undefined;
      try {
        const data = await readFile(pathOf(key));
        return { data, contentType: contentTypeOf(key), key };
      } catch {
        return undefined;
      }
    },
    async stat(key) {
      const s = await fileStat(key);
      return s && { size: s.size, contentType: s.contentType };
    },
    async open(key) {
      const s = await fileStat(key);
      return s && { body: createReadStream(s.full), size: s.size, contentType: s.contentType };
    },
  };
}

export type S3Config = NonNullable<Config['s3']>;

/**
 * Objects in an S3-compatible bucket (AWS S3, R2, MinIO…), key = `<companyId>/<yyyymm>/<file>`.
 * Path-style addressing (`<endpoint>/<bucket>/<key>`) for self-hosted endpoints; virtual-hosted
 * for amazonaws.com. URLs: `<S3_PUBLIC_URL>/<key>` when the bucket is public, else `/files/<key>`
 * served by this server from the bucket.
 */
export function createS3Storage(s3: S3Config, publicUrl?: string): FileStorage {
  // The SDK (≈ 6 MB of heap) is loaded on the first file operation, not with the server.
  const forcePathStyle = !/\.amazonaws\.com(:\d+)?\/?$/i.test(new URL(s3.endpoint).host);
  let sdk: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3Sdk = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((m) => ({
      sdk: m,
      client: new m.S3Client({
        endpoint: s3.endpoint,
        region: s3.region || 'auto',
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle,
        // Self-hosted stores do not all know the newer default checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    })));
  const { keyOf, urlOf, keyOfRef } = urlScheme(publicUrl, s3.publicUrl);
  const Bucket = s3.bucket;
  const missing = (e: unknown) => {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
  };
  const get = async (key: string) => {
    try {
      const { sdk: m, client } = await s3Sdk();
      return await client.send(new m.GetObjectCommand({ Bucket, Key: checkKeyShape(key) }));
    } catch (e) {
      if (missing(e) || (e as Error).message === 'invalid file key') return undefined;
      throw e;
    }
  };

  return {
    kind: 's3',
    keyOf,
    urlOf,
    isOwnUrl: (url) => keyOf(url) !== undefined,
    async put(companyId, fileName, data, contentType) {
      const key = newKey(companyId, fileName);
      const type = contentType ?? contentTypeOf(key);
      const { sdk: m, client } = await s3Sdk();
      await client.send(
        new m.PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: type,
          ContentLength: data.byteLength,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return { key, url: urlOf(key), size: data.byteLength, contentType: type };
    },
    async read(keyOrUrl) {
      const key = keyOfRef(keyOrUrl);
      if (!key) return undefined;
      const r = await get(key);
      if (!r?.Body) return undefined;
      const data = Buffer.from(await r.Body.transformToByteArray());
      return { data, contentType: contentTypeOf(key), key };
    },
    async stat(key) {
      try {
        const { sdk: m, client } = await s3Sdk();
        const r = await client.send(new m.HeadObjectCommand({ Bucket, Key: checkKeyShape(key) }));
        return { size: r.ContentLength ?? 0, contentType: contentTypeOf(key) };
      } catch (e) {
        if (missing(e) || (e as Error).message === 'invalid file key') return undefined;
        throw e;
      }
    },
    async open(key) {
      const r = await get(key);
      if (!r?.Body) return undefined;
      return { body: r.Body as Readable, size: r.ContentLength, contentType: contentTypeOf(key) };
    },
  };
}

/**
 * GET/HEAD /files/* serves stored files (public, unguessable names: marketplaces fetch them), from
 * the local folder or the bucket. Any path that would leave the storage root answers 404.
 */
export const fileRoutes =
  (storage: FileStorage): FastifyPluginAsync =>
  async (app) => {
    const notFound = {
      code: 'not_found',
      message: '파일을 찾을 수 없습니다.',
      error: '파일을 찾을 수 없습니다.',
    };
    const keyOfRequest = (raw: string): string | undefined => {
      try {
        return checkKeyShape(decodeURIComponent(raw));
      } catch {
        return undefined;
      }
    };
    const headers = (contentType: string) => ({
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    // HEAD answers from the file's metadata (HeadObject on S3) without reading it.
    app.head('/files/*', async (request, reply) => {
      const key = keyOfRequest((request.params as { '*': string })['*'] ?? '');
      const s = key ? await storage.stat(key) : undefined;
      if (!s) return reply.status(404).send(notFound);
      return reply.headers({ ...headers(s.contentType), 'content-length': s.size }).send();
    });
    app.get('/files/*', { exposeHeadRoute: false }, async (request, reply) => {
      const key = keyOfRequest((request.params as { '*': string })['*'] ?? '');
      const f = key ? await storage.open(key) : undefined;
      if (!f) return reply.status(404).send(notFound);
      reply.headers(headers(f.contentType));
      if (f.size !== undefined) reply.header('content-length', f.size);
      return reply.send(f.body);
    });
  };
