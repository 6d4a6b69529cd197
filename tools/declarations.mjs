// The published declarations (dist/types) must type-check in a consumer compiled with
// `moduleResolution: nodenext`, which tsc's output does not on its own:
// - In an ES module, nodenext resolves a relative import only when it names its file. The sources import
//   without an extension (`moduleResolution: bundler`) and tsc copies the specifiers as written, so each
//   relative specifier is given the `.js` of the module whose declarations sit beside it. A specifier
//   with no emitted declaration behind it fails the build: the package would ship a type that points
//   nowhere.
// - A declaration that names Node's globals (`NodeJS.ProcessEnv`, `Buffer`) says where they come from
//   with `/// <reference types="node" />`: TypeScript no longer includes every @types package by default.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** `from '…'`, `export * from '…'`, `import '…'` and `import('…')`, with a relative specifier. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;
/** A use of a global that only @types/node declares. */
const NODE_GLOBAL = /\bNodeJS\.|\bBuffer\b/;
const NODE_REFERENCE = '/// <reference types="node" />';

/**
 * Finish every `.d.ts` under `dir` for nodenext consumers: relative specifiers name their file
 * (`./validator` → `./validator.js`, `./layer` → `./layer/index.js`), and a file using Node's globals
 * references Node's types. Returns how many files were rewritten.
 */
export function finishDeclarations(dir) {
  let rewritten = 0;
  for (const file of declarationFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    let next = text.replace(SPECIFIER, (whole, lead, quote, specifier) => `${lead}${quote}${withExtension(file, specifier, dir)}${quote}`);
    if (NODE_GLOBAL.test(next) && !next.includes(NODE_REFERENCE)) next = `${NODE_REFERENCE}\n${next}`;
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
  throw new Error(`${relative(dir, file)} imports ${specifier}, which has no declaration file in the build (is it part of the API's import graph?)`);
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
