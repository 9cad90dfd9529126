// Builds the extension: dist/extension/ (load it unpacked) and dist/rocket-registration-extension-<version>.zip.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import JSZip from 'jszip';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'dist/extension');
const { version } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));

rmSync(path.join(here, 'dist'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Content scripts cannot be modules: every entry is one self-contained script.
await build({
  entryPoints: [
    'page-reader',
    'offer-content',
    'list-content',
    'coupang-content',
    'service-worker',
    'options',
  ].map((name) => path.join(here, 'src', `${name}.ts`)),
  outdir: out,
  bundle: true,
  format: 'iife',
  target: 'chrome111',
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});

const manifest = JSON.parse(readFileSync(path.join(here, 'static/manifest.json'), 'utf8'));
manifest.version = version;
writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(path.join(here, 'static/options.html'), path.join(out, 'options.html'));
const ICONS = [16, 32, 48, 128].map((size) => `icons/icon-${size}.png`);
mkdirSync(path.join(out, 'icons'), { recursive: true });
for (const icon of ICONS) copyFileSync(path.join(here, 'static', icon), path.join(out, icon));

const zip = new JSZip();
for (const file of [
  'manifest.json',
  'options.html',
  'page-reader.js',
  'offer-content.js',
  'list-content.js',
  'coupang-content.js',
  'service-worker.js',
  'options.js',
  ...ICONS,
]) {
  zip.file(file, readFileSync(path.join(out, file)));
}
const zipPath = path.join(here, `dist/rocket-registration-extension-${version}.zip`);
writeFileSync(zipPath, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
console.log(`extension: ${path.relative(process.cwd(), out)}/ and ${path.relative(process.cwd(), zipPath)}`);
