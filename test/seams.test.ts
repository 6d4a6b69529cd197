/**
 * The seams hold, read from the source: every gate runs through the one entry (engine/gate/run-gate.ts), the
 * repository is opened one way (Repository.open), the distribution's rules are loaded one way
 * (engine/packs/shipped.ts), and no validator — nor the brainstorm pack's engine — keeps module-level
 * mutable state: a pack's model reaches its validators through the context, built once per run. A
 * validator reads only through its context: it imports neither Node's file system nor its processes,
 * nor the engine's readers, and never reads the process's environment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import type { Validator } from '../engine/api/validator';
import { buildProgram } from '../engine/cli/program';
import { COMMAND_FAMILIES } from '../engine/commands/index';
import { packNames, packs } from '../engine/generated/packs';
import { shippedRules } from '../engine/packs/shipped';
import { ROOT } from './helpers/repo';
import { validators } from './helpers/validators';

/** Every TypeScript source under `dir` (repository-relative), generated code left out. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => `${dir}/${file}`)
    .filter((file) => !file.startsWith('engine/generated/'));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
}

/** The files whose text matches `pattern`, outside `allowed`. */
function using(pattern: RegExp, allowed: readonly string[]): string[] {
  return [...sources('engine'), ...sources('validators')].filter(
    (file) => !allowed.includes(file) && pattern.test(readFileSync(join(ROOT, file), 'utf8')),
  );
}

const MUTABLE = /^(Map|Set|WeakMap|WeakSet|Array)$/;

/**
 * Top-level declarations of `file` that hold state a later run could see: every `let` or `var`, and a
 * `const` holding a new Map, Set, array or object literal that is not typed read-only, frozen or `as const`.
 */
function moduleState(file: string): string[] {
  const found: string[] = [];
  for (const statement of parse(file).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const constant = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText();
      if (!constant) {
        found.push(`${file}: ${name} (a top-level let or var)`);
        continue;
      }
      const type = declaration.type?.getText() ?? '';
      const init = declaration.initializer;
      if (!init || /^(Readonly|readonly )/.test(type)) continue;
      const mutableCollection = ts.isNewExpression(init) && MUTABLE.test(init.expression.getText());
      const literal = ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init);
      if (mutableCollection || literal) found.push(`${file}: ${name} (a top-level ${init.getText().slice(0, 20)}…, not read-only)`);
    }
  }
  return found;
}

describe('no module-level mutable state where validators read', () => {
  it('validators/ and engine/brainstorm/ declare no top-level let, var, or mutable collection', () => {
    const files = [...sources('validators'), ...sources('engine/brainstorm')];
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(moduleState)).toEqual([]);
  });

  it('the check itself finds such a cache', () => {
    const file = 'test/fixtures/seams/module-cache.ts.fixture';
    expect(moduleState(file).map((found) => found.split(' (')[0])).toEqual([`${file}: cache`, `${file}: counter`, `${file}: seen`]);
  });
});

/** Node's modules that read the file system or run processes. */
const NODE_READERS: ReadonlySet<string> = new Set([
  'fs',
  'node:fs',
  'fs/promises',
  'node:fs/promises',
  'child_process',
  'node:child_process',
]);
/** The engine's modules that read behind the context's back: what a context is built from. */
const ENGINE_READERS: ReadonlySet<string> = new Set([
  'engine/gate/context',
  'engine/layer/repository',
  'engine/io/tree',
  'engine/io/git',
  'engine/layer/layout',
  'engine/io/regular-file',
  'engine/io/distribution',
  'engine/hooks/managers/files',
  'engine/packs/shipped',
]);
/** The engine's functions that read a file by its path. */
const READING_FUNCTIONS: ReadonlySet<string> = new Set([
  'readTextFile',
  'readYamlFile',
  'readFrontMatterFile',
  'readRegularFile',
  'streamRegularFile',
  'runGit',
]);

/** Every read of `file` (a module under validators/) that does not go through its context, one line each. */
function readsAroundContext(file: string): string[] {
  const found: string[] = [];
  const source = parse(file);
  const forbidden = (specifier: string): boolean => {
    if (NODE_READERS.has(specifier)) return true;
    if (!specifier.startsWith('.')) return false;
    return ENGINE_READERS.has(
      posix
        .join('validators', specifier)
        .replace(/\.(ts|js)$/, '')
        .replace(/\/index$/, ''),
    );
  };
  const visit = (node: ts.Node): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const at = `${file}:${line}`;
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      if (forbidden(specifier)) found.push(`${at} imports ${specifier}`);
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (READING_FUNCTIONS.has(name)) found.push(`${at} imports ${name}`);
        }
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument) && forbidden(argument.text)) found.push(`${at} imports ${argument.text}`);
    } else if (
      (ts.isPropertyAccessExpression(node) && node.name.text === 'env') ||
      (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && node.argumentExpression.text === 'env')
    ) {
      if (node.expression.getText() === 'process') found.push(`${at} reads process.env`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('validators read only through their context', () => {
  it('no module of validators/ imports the file system, a child process or an engine reader, or reads process.env', () => {
    const files = sources('validators');
    expect(files.length).toBeGreaterThan(15);
    expect(files.flatMap(readsAroundContext)).toEqual([]);
  });

  it('the check itself finds every way around the context', () => {
    const file = 'test/fixtures/seams/validators/reads-directly.ts.fixture';
    expect(readsAroundContext(file).map((found) => found.split(':').slice(1).join(':'))).toEqual([
      '3 imports node:fs',
      '4 imports child_process',
      '5 imports fs/promises',
      '6 imports ../engine/layer/repository',
      '7 imports readTextFile',
      '8 imports ../engine/io/distribution',
      '12 reads process.env',
      '13 reads process.env',
    ]);
  });
});

describe('one gate entry', () => {
  it('only engine/gate/run-gate.ts makes a runner', () => {
    expect(using(/new Runner\(/, ['engine/gate/run-gate.ts'])).toEqual([]);
  });

  it('only Repository.open discovers a repository and opens its layout (init, which writes the layout, discovers git alone)', () => {
    expect(using(/GitRepository\.discover\(/, ['engine/layer/repository.ts', 'engine/actions/init.ts'])).toEqual([]);
    expect(using(/\bopenLayout\(/, ['engine/layer/repository.ts', 'engine/layer/layout.ts'])).toEqual([]);
    expect(using(/new Repository\(/, ['engine/layer/repository.ts'])).toEqual([]);
  });

  it('only engine/packs/shipped.ts reads the rule packages the distribution ships', () => {
    expect(
      using(/generated\/[a-z-]+-pack'|readRulePackage\(new WorkingTree\(distributionRoot|`rules\/\$\{/, ['engine/packs/shipped.ts']),
    ).toEqual([]);
  });
});

describe('the packs registry is the one registration point', () => {
  it('each pack that adds commands adds exactly the top-level commands it declares', () => {
    const program = buildProgram({ cwd: ROOT, env: {}, self: '' });
    expect(program.commands.map((command) => command.name())).toEqual(COMMAND_FAMILIES.map((family) => family.family));
    for (const pack of packNames) {
      expect(COMMAND_FAMILIES.filter((family) => family.pack === pack).map((family) => family.family)).toEqual(packs[pack].commands);
    }
    expect(COMMAND_FAMILIES.every((family) => family.pack === undefined || packNames.includes(family.pack as never))).toBe(true);
  });

  it("each validator a pack lists is declared by a rule of that pack (a generic one excepted), at the pack's gates or the baseline's", async () => {
    for (const pack of packNames) {
      const rules = await shippedRules(pack);
      for (const name of packs[pack].validators) {
        const validator = (validators as unknown as Record<string, Validator>)[name]!;
        if (validator.generic) continue;
        const declaring = rules.filter((rule) => rule.enforcement?.validator === name);
        expect(declaring.length, `${pack}: ${name}`).toBeGreaterThan(0);
        for (const gate of declaring.flatMap((rule) => rule.enforcement!.enforcedBy))
          expect([...packs[pack].gates, ...packs.majordomus.gates]).toContain(gate);
      }
    }
  });

  it('the gate list of the brainstorm pack is written once: its commands and its detector read it from the registry', () => {
    expect(using(/\['session', 'manifest', 'move'\]/, ['engine/brainstorm/define.ts'])).toEqual([]);
  });
});
