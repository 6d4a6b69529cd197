// Bundle with esbuild. The executable is a small CommonJS launcher (dist/majordomus.cjs, the package's
// bin) that runs the CLI, bundled as one CommonJS script (dist/cli.cjs), under V8's code cache. The
// public API and the worker that runs a repository validator (dist/validator-worker.mjs, found from the
// distribution root) are ES modules of one build, sharing its chunks.
// The bundle is written beside dist/ and renamed over it, so a test running during a rebuild never
// finds dist/ half written.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { finishDeclarations } from './declarations.mjs';
import { writeShippedTests } from './shipped-tests.mjs';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
// the build's id: a hash of everything the bundles are made from, so the content cache of one build
// (engine/layer/content-cache.ts) is never read by code that would derive something else
const buildId = sourceHash(['package.json', 'engine', 'validators', 'rules', 'share']);
const staging = new URL(`dist.building-${process.pid}/`, root);
const target = new URL('dist/', root);
const previous = new URL(`dist.previous-${process.pid}/`, root);
// the shipped YAML documents, parsed by the build (engine/layer/yaml-ahead.ts)
const PARSED_YAML = 'dist/parsed-yaml.txt';

rmSync(staging, { recursive: true, force: true });
await build({
  entryPoints: { api: 'engine/api/index.ts', 'validator-worker': 'engine/gate/isolation/worker.ts' },
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
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __mjCreateRequire } from 'node:module'; const require = __mjCreateRequire(import.meta.url);",
  },
  define: {
    MAJORDOMUS_VERSION: JSON.stringify(pkg.version),
    MAJORDOMUS_BUILD: JSON.stringify(buildId),
    MAJORDOMUS_YAML: JSON.stringify('dist/yaml.cjs'),
    MAJORDOMUS_PARSED_YAML: JSON.stringify(PARSED_YAML),
  },
  logLevel: 'warning',
});
// the executable: a CommonJS file, so a run starts without Node's ES module loader
await build({
  entryPoints: ['engine/main.ts'],
  outfile: new URL('majordomus.cjs', staging).pathname,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  external: ['./cli/program'],
  banner: { js: "#!/usr/bin/env node\nvar __mjImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__mjImportMetaUrl' },
  logLevel: 'warning',
});
chmodSync(new URL('majordomus.cjs', staging), 0o755);
// the path the executable had before runs the same launcher
writeFileSync(new URL('majordomus.mjs', staging), "#!/usr/bin/env node\nimport './majordomus.cjs';\n", { mode: 0o755 });
// the CLI as one CommonJS script, which the launcher compiles with V8's code cache
// (engine/cli/code-cache.ts: Node 20 caches no ES module's code)
await build({
  entryPoints: ['engine/cli/script.ts'],
  outfile: new URL('cli.cjs', staging).pathname,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  banner: { js: "var __mjImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: {
    MAJORDOMUS_VERSION: JSON.stringify(pkg.version),
    MAJORDOMUS_BUILD: JSON.stringify(buildId),
    MAJORDOMUS_YAML: JSON.stringify('dist/yaml.cjs'),
    MAJORDOMUS_PARSED_YAML: JSON.stringify(PARSED_YAML),
    MAJORDOMUS_MCP: JSON.stringify('dist/mcp.cjs'),
    'import.meta.url': '__mjImportMetaUrl',
  },
  logLevel: 'warning',
});
// a script compiled by vm.Script has no loader for import(): anything it imports must be bundled
const cliText = readFileSync(new URL('cli.cjs', staging), 'utf8');
if (cliText.includes('import('))
  throw new Error('dist/cli.cjs calls import(), which a script run under the code cache cannot: bundle what it imports');
// the launcher decodes the script as Latin-1, a copy of its bytes, instead of decoding UTF-8 (a third
// of the launcher's own time): esbuild escapes every string and template, and the characters it leaves
// in regular expressions (the em dashes of the contracts the engine reads) are written as \uXXXX, which
// a regular expression reads as the same character
writeFileSync(new URL('cli.cjs', staging), asciiOnly(cliText));

/** `text` with every character outside ASCII written as a \u escape; astral characters are refused. */
function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (character, offset) => {
    // after a backslash the escape would be read as a backslash and the letters `u…`
    if (text[offset - 1] === '\\') throw new Error('dist/cli.cjs escapes a character outside ASCII: write it as \\u…');
    const code = character.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff)
      throw new Error('dist/cli.cjs holds a character outside the Basic Multilingual Plane: write it as an escape in the source');
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
// the MCP SDK is the MCP server's alone (dist/mcp.cjs, below): the CLI every other command runs never carries it
if (cliText.includes('notifications/roots/list_changed'))
  throw new Error('dist/cli.cjs holds the MCP SDK: only engine/mcp/server.ts imports it, and only dist/mcp.cjs bundles that');
// `majordomus mcp`'s server and the SDK, one CommonJS file required by that command alone; the host it
// serves (the capabilities, the engine) is the CLI's, handed over, so this bundle holds no engine module
// but the server and its fault marker
const mcp = await build({
  entryPoints: ['engine/mcp/server.ts'],
  outfile: new URL('mcp.cjs', staging).pathname,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const mcpEngine = Object.keys(mcp.metafile.inputs).filter((input) => input.startsWith('engine/'));
if (mcpEngine.some((input) => !['engine/mcp/server.ts', 'engine/mcp/fault.ts'].includes(input)))
  throw new Error(`dist/mcp.cjs bundles engine modules beyond the server (${mcpEngine.join(', ')}): import only types from the host`);
// the `yaml` package in a CommonJS file of its own, required the first time a document needs the full
// parser (engine/layer/yaml-package.ts), so a command whose documents all take the fast path never loads it
await build({
  stdin: { contents: "module.exports = require('yaml');", resolveDir: root.pathname },
  outfile: new URL('yaml.cjs', staging).pathname,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  logLevel: 'warning',
});
// each pack's standalone bundles (rules/<pack>/pack.yaml `bundles`, checked against its schema by
// `npm run generate`), whole in one file each, so a skill folder can carry one alone (the detector):
// the `yaml` package is imported into each, not required from beside it
const inlineYaml = {
  name: 'inline-yaml',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]engine[\\/]layer[\\/]yaml-package\.ts$/ }, () => ({
      contents: "import * as yaml from 'yaml'; export const yamlPackage = () => yaml;",
      loader: 'ts',
    }));
  },
};
await build({
  entryPoints: Object.fromEntries(packBundles().map((bundle) => [bundle.name, bundle.entry])),
  plugins: [inlineYaml],
  outdir: staging.pathname,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: process.env.MAJORDOMUS_BUILD_DEBUG !== '1',
  legalComments: 'none',
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __mjCreateRequire } from 'node:module'; const require = __mjCreateRequire(import.meta.url);",
  },
  define: { MAJORDOMUS_VERSION: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
// the types of the public API (engine/api/index.ts), for repositories that write validators in TypeScript
const tsc = spawnSync(
  process.execPath,
  ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.api.json', '--outDir', new URL('types', staging).pathname],
  {
    cwd: root.pathname,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) throw new Error('the API types did not build');
finishDeclarations(new URL('types', staging).pathname);
writeShippedTests(root.pathname, staging.pathname);
await writeParsedYaml();
try {
  renameSync(target, previous);
} catch {
  // no earlier build
}
renameSync(staging, target);
rmSync(previous, { recursive: true, force: true });

/**
 * dist/parsed-yaml.txt: every YAML document under rules/ and share/ as the engine's parser reads it,
 * and the rule files the engine's loader loads without a problem (tools/parsed-yaml.ts, bundled and run
 * here, before the table exists, so the parser and the loader themselves answer).
 */
async function writeParsedYaml() {
  const maker = new URL('parsed-yaml-maker.mjs', staging);
  await build({
    entryPoints: ['tools/parsed-yaml.ts'],
    outfile: maker.pathname,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  try {
    const { parsedYamlTable } = await import(maker.href);
    writeFileSync(new URL(PARSED_YAML.replace(/^dist\//, ''), staging), parsedYamlTable(root.pathname));
  } finally {
    rmSync(maker, { force: true });
  }
}

/** The standalone bundles every pack declares. */
function packBundles() {
  const rules = new URL('rules/', root);
  return readdirSync(rules)
    .sort()
    .filter((pack) => existsSync(new URL(`${pack}/pack.yaml`, rules)))
    .flatMap((pack) => parse(readFileSync(new URL(`${pack}/pack.yaml`, rules), 'utf8')).bundles ?? []);
}

/** The first 16 hex digits of the sha256 of every file under `paths` (relative to the root), names included, in byte order. */
function sourceHash(paths) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const url = new URL(relative, root);
    const entries = existsSync(url) ? readdirSync(url, { withFileTypes: true }) : undefined;
    if (!entries) return;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile())
        hash.update(`${path}\0${readFileSync(new URL(path, root)).length}\0`).update(readFileSync(new URL(path, root)));
    }
  };
  for (const path of paths) {
    if (path.includes('.')) hash.update(`${path}\0`).update(readFileSync(new URL(path, root)));
    else visit(path);
  }
  return hash.digest('hex').slice(0, 16);
}
