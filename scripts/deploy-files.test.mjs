// The runtime and deployment files, checked on every machine (no Docker engine needed): the Node
// version (.nvmrc, engines, the image), the lockfile's engine ranges (what `npm ci` reports as
// EBADENGINE), the Dockerfile, compose.yaml against the server's configuration, and the container
// health check against a live HTTP server and PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../apps/server/src/config.ts';
import { WRITE_SETTINGS } from '../apps/server/src/db/write-settings.ts';
import { serverArgs } from './server-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (rel) => readFileSync(path.join(root, rel), 'utf8');
const readJson = (rel) => JSON.parse(read(rel));
const nodeMajor = Number(read('.nvmrc').trim());
const rootPackage = readJson('package.json');
const manifests = ['package.json', ...rootPackage.workspaces.map((w) => `${w}/package.json`)];

/** Compose's interpolation of `${VAR}`, `${VAR:-default}`, `${VAR:?error}` and `$$`. */
function interpolate(value, env) {
  if (typeof value === 'string')
    return value.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (whole, name, op, arg) => {
      if (whole === '$$') return '$';
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (op === '?') throw new Error(`${name}: ${arg}`);
      return op === '-' ? arg : '';
    });
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
}

const operatorEnv = {
  APP_SECRET: 'compose-test-secret-0123456789abcdef',
  POSTGRES_PASSWORD: 'pg-password',
  MINIO_ROOT_PASSWORD: 'minio-password',
  MINIO_APP_PASSWORD: 'minio-app-password',
};
const compose = () => interpolate(parse(read('compose.yaml'), { merge: true }), operatorEnv);

describe('Node version', () => {
  it('is one LTS major everywhere: .nvmrc, every package.json, the image, @types/node', () => {
    expect(nodeMajor).toBe(24);
    for (const m of manifests) {
      const range = readJson(m).engines?.node;
      expect(range, m).toBeDefined();
      expect(semver.satisfies(`${nodeMajor}.0.0`, range), `${m}: ${range}`).toBe(true);
    }
    expect(read('Dockerfile')).toMatch(new RegExp(`^ARG NODE_VERSION=${nodeMajor}$`, 'm'));
    expect(semver.minVersion(rootPackage.devDependencies['@types/node']).major).toBe(nodeMajor);
  });

  it('every installed package accepts it: npm ci prints no EBADENGINE on it', () => {
    // The Node CI runs on when it is this major, else the first release of the major's LTS line.
    const node = process.versions.node.startsWith(`${nodeMajor}.`) ? process.versions.node : '24.11.0';
    const lock = readJson('package-lock.json');
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && !p.optional)
      .filter(([, p]) => !semver.satisfies(node, p.engines.node))
      .map(([where, p]) => `${where || 'root'} wants node ${p.engines.node}`);
    expect(refused).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const stages = text.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1);

  it('builds in one stage and runs from another, on the Node image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const s of stages) expect(s).toMatch(/^node:\$\{NODE_VERSION\}-/);
  });

  it('copies every workspace manifest before npm ci (else the install misses a workspace)', () => {
    for (const m of manifests) expect(text, m).toContain(`COPY ${m === 'package.json' ? 'package.json' : m}`);
  });

  it('runs as a user other than root, with two malloc arenas and a health check', () => {
    const users = [...runtime.matchAll(/^USER (\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBeDefined();
    expect(['root', '0']).not.toContain(users.at(-1));
    expect(runtime).toMatch(/MALLOC_ARENA_MAX=2\b/);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*CMD \["node", "scripts\/healthcheck\.mjs"\]/m);
    const cmd = JSON.parse(runtime.match(/^CMD (\[.*\])$/m)[1]);
    expect(cmd).toEqual(['node', ...serverArgs()]);
    // tsx runs the server in production: it must survive `npm prune --omit=dev`.
    expect(readJson('apps/server/package.json').dependencies.tsx).toBeDefined();
  });
});

describe('compose.yaml', () => {
  it('refuses to start without the secrets an operator must choose', () => {
    const raw = parse(read('compose.yaml'), { merge: true });
    expect(() => interpolate(raw, { ...operatorEnv, APP_SECRET: undefined })).toThrow(/APP_SECRET/);
    expect(() => interpolate(raw, { ...operatorEnv, POSTGRES_PASSWORD: '' })).toThrow(/POSTGRES_PASSWORD/);
    expect(() => interpolate(raw, { ...operatorEnv, MINIO_APP_PASSWORD: '' })).toThrow(/MINIO_APP_PASSWORD/);
  });

  it('publishes the web port on 127.0.0.1 unless WEB_BIND says otherwise (issue 39)', () => {
    expect(compose().services.web.ports).toEqual(['127.0.0.1:3000:3000']);
    const raw = parse(read('compose.yaml'), { merge: true });
    const open = interpolate(raw, { ...operatorEnv, WEB_BIND: '0.0.0.0', WEB_PORT: '8080' });
    expect(open.services.web.ports).toEqual(['0.0.0.0:8080:3000']);
  });

  it('starts PostgreSQL with the WAL settings for large documents that the server checks at start (issue 39)', () => {
    const command = compose().services.postgres.command;
    expect(command[0]).toBe('postgres');
    const given = Object.fromEntries(
      command.filter((_, i) => command[i - 1] === '-c').map((flag) => flag.split('=')),
    );
    expect(given).toEqual(Object.fromEntries(WRITE_SETTINGS.map((s) => [s.name, s.advised])));
  });

  it('gives the app its own MinIO user, never the root keys, and pins every pulled image to a release', () => {
    const { services } = compose();
    for (const name of ['web', 'worker']) {
      const env = services[name].environment;
      expect(env.S3_ACCESS_KEY_ID, name).toBe('rr-app');
      expect(env.S3_SECRET_ACCESS_KEY, name).toBe(operatorEnv.MINIO_APP_PASSWORD);
      expect(Object.values(env), name).not.toContain(operatorEnv.MINIO_ROOT_PASSWORD);
    }
    // the bucket job makes that user, allowed that bucket only
    const job = services['minio-bucket'];
    expect(job.environment.MINIO_APP_USER).toBe('rr-app');
    const script = job.entrypoint.join('\n');
    expect(script).toContain('mc admin user add rr "$MINIO_APP_USER" "$MINIO_APP_PASSWORD"');
    expect(script).toContain('mc admin policy attach rr rr-app --user "$MINIO_APP_USER"');
    expect(script).toContain('arn:aws:s3:::%s/*');
    for (const [name, s] of Object.entries(services)) {
      if (s.build) continue; // the app's own image, built here
      expect(s.image, name).toMatch(/:(\d+(\.\d+)+-alpine|RELEASE\.\d{4}-\d\d-\d\dT[\d-]+Z)$/);
    }
  });

  it('runs web and worker apart, with PostgreSQL, Redis and MinIO, each restarted and health-checked', () => {
    const { services } = compose();
    expect(Object.keys(services).sort()).toEqual(
      ['minio', 'minio-bucket', 'postgres', 'redis', 'web', 'worker'].sort(),
    );
    for (const name of ['web', 'worker', 'postgres', 'redis', 'minio']) {
      expect(services[name].restart, name).toMatch(/^(always|unless-stopped)$/);
      expect(services[name].healthcheck?.test?.length, name).toBeGreaterThan(0);
    }
    expect(services['minio-bucket'].restart).toBe('on-failure');
    for (const [name, s] of Object.entries(services))
      for (const [dep, cond] of Object.entries(s.depends_on ?? {})) {
        expect(services[dep], `${name} → ${dep}`).toBeDefined();
        if (cond.condition === 'service_healthy') expect(services[dep].healthcheck, dep).toBeDefined();
      }
    // A scaled service cannot have a fixed name or a published port.
    expect(services.worker.container_name).toBeUndefined();
    expect(services.worker.ports).toBeUndefined();
  });

  it('gives each app process a configuration the server accepts, with its role', () => {
    const { services } = compose();
    const known = new Set([...CONFIG_VARIABLES, 'MALLOC_ARENA_MAX']);
    for (const [name, role] of [
      ['web', 'web'],
      ['worker', 'worker'],
    ]) {
      const env = services[name].environment;
      expect(
        Object.keys(env).filter((k) => !known.has(k)),
        name,
      ).toEqual([]);
      const config = loadConfig({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'rr-compose-')) });
      expect(config.role).toBe(role);
      expect(config.production).toBe(true);
      expect(config.demo).toBe(false);
      expect(config.appSecret).toBe(operatorEnv.APP_SECRET);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(new URL(config.databaseUrl).host).toBe('postgres:5432');
      expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', bucket: 'rr-files' });
      expect(config.s3.secretAccessKey).toBe(operatorEnv.MINIO_APP_PASSWORD);
      expect(env.MALLOC_ARENA_MAX).toBe('2');
    }
    expect(services.web.environment.HOST).toBe('0.0.0.0');
    expect(services.postgres.environment.POSTGRES_PASSWORD).toBe(operatorEnv.POSTGRES_PASSWORD);
    // The bucket the init job creates is the one the app uses.
    expect(services['minio-bucket'].environment.S3_BUCKET).toBe(services.web.environment.S3_BUCKET);
  });
});

describe('scripts/healthcheck.mjs', () => {
  const check = (env) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts/healthcheck.mjs')], {
        env: { PATH: process.env.PATH, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('exit', (code) => resolve({ code, stderr }));
    });
  const serve = async (status) => {
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/api/health' ? status : 404).end('{}');
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    return server;
  };

  it('web: healthy when /api/health answers 200, unhealthy otherwise', async () => {
    const ok = await serve(200);
    const failing = await serve(503);
    try {
      expect((await check({ ROLE: 'web', PORT: String(ok.address().port) })).code).toBe(0);
      const bad = await check({ ROLE: 'web', PORT: String(failing.address().port) });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('503');
    } finally {
      ok.close();
      failing.close();
    }
  });

  it('worker: healthy when its database answers, unhealthy when it does not', async () => {
    const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const down = new URL(url);
    down.port = '1'; // nothing listens there
    expect((await check({ ROLE: 'worker', DATABASE_URL: down.toString() })).code).toBe(1);
    expect((await check({ ROLE: 'worker' })).code).toBe(1);
    const reachable = await check({ ROLE: 'worker', DATABASE_URL: url });
    if (!process.env.TEST_DATABASE_URL && reachable.code !== 0)
      console.warn(`no PostgreSQL at ${url}: the healthy worker case was not checked`);
    else expect(reachable.code).toBe(0);
  });
});
