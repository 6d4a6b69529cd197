// Bundle the CLI with esbuild: one entry file, each command split into a chunk imported on demand.
// The worker that runs a repository validator is an entry of the same build (dist/validator-worker.mjs,
// found from the distribution root), so it shares the engine's chunks instead of carrying a copy.
// The bundle is written beside dist/ and renamed over it, so a test running during a rebuild never
// finds dist/ half written.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { parse } from 'yaml';
import { finishDeclarations } from './declarations.mjs';
import { writeShippedTests } from './shipped-tests.mjs';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const staging = new URL(`dist.building-${process.pid}/`, root);
const target = new URL('dist/', root);
const previous = new URL(`dist.previous-${process.pid}/`, root);

rmSync(staging, { recursive: true, force: true });
await build({
  entryPoints: { majordomus: 'engine/main.ts', api: 'engine/api.ts', 'validator-worker': 'engine/isolation/worker.ts' },
  outdir: staging.pathname,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __mjCreateRequire } from 'node:module'; const require = __mjCreateRequire(import.meta.url);" },
  define: { MAJORDOMUS_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
chmodSync(new URL('majordomus.mjs', staging), 0o755);
// each pack's standalone bundles (rules/<pack>/pack.yaml `bundles`, checked against its schema by
// `npm run generate`), whole in one file each, so a skill folder can carry one alone (the detector)
await build({
  entryPoints: Object.fromEntries(packBundles().map((bundle) => [bundle.name, bundle.entry])),
  outdir: staging.pathname,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __mjCreateRequire } from 'node:module'; const require = __mjCreateRequire(import.meta.url);" },
  define: { MAJORDOMUS_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
// the types of the public API (engine/api.ts), for repositories that write validators in TypeScript
const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.api.json', '--outDir', new URL('types', staging).pathname], {
  cwd: root.pathname,
  stdio: 'inherit',
});
if (tsc.status !== 0) throw new Error('the API types did not build');
finishDeclarations(new URL('types', staging).pathname);
writeShippedTests(root.pathname, staging.pathname);
try {
  renameSync(target, previous);
} catch {
  // no earlier build
}
renameSync(staging, target);
rmSync(previous, { recursive: true, force: true });

/** The standalone bundles every pack declares. */
function packBundles() {
  const rules = new URL('rules/', root);
  return readdirSync(rules)
    .sort()
    .filter((pack) => existsSync(new URL(`${pack}/pack.yaml`, rules)))
    .flatMap((pack) => parse(readFileSync(new URL(`${pack}/pack.yaml`, rules), 'utf8')).bundles ?? []);
}
