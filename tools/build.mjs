// Bundle the CLI with esbuild: one entry file, each command split into a chunk imported on demand.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { majordomus: 'engine/main.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== "1",
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __mjCreateRequire } from 'node:module'; const require = __mjCreateRequire(import.meta.url);" },
  define: { MAJORDOMUS_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
chmodSync(new URL('../dist/majordomus.mjs', import.meta.url), 0o755);
