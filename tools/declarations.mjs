// The published declarations (dist/types) must type-check in a consumer compiled with
// `moduleResolution: nodenext`, which tsc's output does not on its own:
// - In an ES module, nodenext resolves a relative import only when it names its file. The sources import
//   without an extension (`moduleResolution: bundler`) and tsc copies the specifiers as written, so each
//   relative specifier is given the `.js` of the module whose declarations sit beside it. A specifier
//   with no emitted declaration behind it fails the build: the package would ship a type that points
//   nowhere.
// - The published types name none of Node's own (`NodeJS.ProcessEnv`, `Buffer`): a consumer compiles
//   them without @types/node. A declaration that does fails the build, naming the file: keep the module
//   that needs it out of the API's import graph (engine/api/index.ts), or describe the value with a plain type.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** `from '…'`, `export * from '…'`, `import '…'` and `import('…')`, with a relative specifier. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;
/** A use of a global that only @types/node declares, or a reference to those types. */
const NODE_GLOBAL = /\bNodeJS\.|\bBuffer\b|<reference types="node"/;

/**
 * Finish every `.d.ts` under `dir` for nodenext consumers: relative specifiers name their file
 * (`./validator` → `./validator.js`, `./layer` → `./layer/index.js`). A file naming Node's globals is
 * refused. Returns how many files were rewritten.
 */
export function finishDeclarations(dir) {
  let rewritten = 0;
  for (const file of declarationFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    if (NODE_GLOBAL.test(text)) {
      throw new Error(
        `${relative(dir, file)} names Node's own types, which a consumer of the published API may not have installed (keep its module out of engine/api/index.ts's import graph)`,
      );
    }
    const next = text.replace(
      SPECIFIER,
      (_whole, lead, quote, specifier) => `${lead}${quote}${withExtension(file, specifier, dir)}${quote}`,
    );
    if (next !== text) {
      writeFileSync(file, next);
      rewritten++;
    }
  }
  return rewritten;
}

function withExtension(file, specifier, dir) {
  if (/\.(m|c)?js$/.test(specifier)) return specifier;
  const base = join(dirname(file), specifier);
  if (existsSync(`${base}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(base, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  throw new Error(
    `${relative(dir, file)} imports ${specifier}, which has no declaration file in the build (is it part of the API's import graph?)`,
  );
}

function declarationFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...declarationFiles(path));
    else if (entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}
