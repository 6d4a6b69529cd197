/**
 * The published types (dist/types, what `import … from 'majordomus'` type-checks against) are narrow
 * interfaces: no class of the engine — Repository, GitRepository, the trees — is reachable from them,
 * and none of Node's own types is, so a consumer compiles them with no @types/node installed. A
 * validator written the way a user writes one compiles against them, in-process, under `nodenext`;
 * what the toolkit replaced is a type error there. Reads the build (`npm run build`).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/repo';

const TYPES = join(ROOT, 'dist/types');
const API = join(TYPES, 'engine/api/index.d.ts');
/** The engine's classes a validator never sees, and the names they went by in the published API. */
const ENGINE_CLASSES = ['Repository', 'GitRepository', 'WorkingTree', 'IndexTree', 'Tree', 'Layout'];

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  // no @types package is loaded unless a declaration asks for it: a consumer without Node's types
  types: [],
  strict: true,
  noEmit: true,
};

/** A program of `roots` on the real file system (ts-morph brings the standard library's declarations). */
function programOf(roots: readonly string[]): ts.Program {
  const project = new Project({ compilerOptions: OPTIONS });
  for (const root of roots) project.addSourceFileAtPath(root);
  project.resolveSourceFileDependencies();
  return project.getProgram().compilerObject;
}

/** Every declaration file of the build the program reaches. */
function reachable(program: ts.Program): ts.SourceFile[] {
  return program.getSourceFiles().filter((file) => file.fileName.startsWith(`${TYPES}${sep}`) || file.fileName.startsWith(`${TYPES}/`));
}

function diagnostics(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${relative(ROOT, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : '';
    return `${where} TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

describe('the published declarations', () => {
  let program: ts.Program;
  beforeAll(() => {
    program = programOf([API]);
  });

  it('type-check on their own, with no @types package', () => {
    expect(diagnostics(program)).toEqual([]);
  });

  it('reach no class and no Node type: every declaration the API names is an interface, a type or a function', () => {
    const files = reachable(program);
    expect(files.map((file) => relative(TYPES, file.fileName))).toContain('engine/api/validator.d.ts');
    const found: string[] = [];
    for (const file of files) {
      const where = relative(TYPES, file.fileName);
      if (file.typeReferenceDirectives.length > 0)
        found.push(`${where}: references the types of ${file.typeReferenceDirectives.map((ref) => ref.fileName).join(', ')}`);
      if (/\bNodeJS\.|\bBuffer\b/.test(file.text)) found.push(`${where}: names a Node type`);
      const visit = (node: ts.Node): void => {
        if (ts.isClassDeclaration(node)) found.push(`${where}: declares the class ${node.name?.text ?? '(anonymous)'}`);
        const named = (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && ENGINE_CLASSES.includes(node.name.text);
        if (named) found.push(`${where}: declares ${node.name.text}`);
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    expect(found).toEqual([]);
  });

  it("export none of the engine's classes by name", () => {
    const checker = program.getTypeChecker();
    const module = checker.getSymbolAtLocation(program.getSourceFile(API)!)!;
    const exported = checker.getExportsOfModule(module).map((symbol) => symbol.name);
    expect(exported).toEqual(
      expect.arrayContaining([
        'defineValidator',
        'ValidatorContext',
        'FolderContext',
        'schema',
        'pathspecMatcher',
        'readDocument',
        'checkSchema',
        'isUnreadable',
      ]),
    );
    expect(exported.filter((name) => ENGINE_CLASSES.includes(name))).toEqual([]);
  });
});

describe('a validator in a project without @types/node, compiled under nodenext against the package', () => {
  let consumer: string;
  beforeAll(() => {
    consumer = mkdtempSync(join(tmpdir(), 'majordomus-api-types-'));
    writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
    mkdirSync(join(consumer, 'node_modules'));
    // what `npm install <path>` makes of a local package: a link
    symlinkSync(ROOT, join(consumer, 'node_modules/majordomus'), 'dir');
  });
  afterAll(() => rmSync(consumer, { recursive: true, force: true }));

  /** Compile `source` as the consumer's one module; every diagnostic, one line each. */
  function compile(source: string): string[] {
    const file = join(consumer, 'validator.ts');
    writeFileSync(file, source);
    return diagnostics(programOf([file]));
  }

  it('compiles one that reads through the context and the toolkit, its options typed by their schema', () => {
    const source = `
import { defineValidator, isUnreadable, pathspecList, pathspecMatcher, readDocument, schema, usablePathspecs } from 'majordomus';
import type { GitReader, ValidatorContext } from 'majordomus';

export default defineValidator({
  name: 'kept_notes',
  description: 'Every selected note is kept.',
  gates: ['doctor', 'check'],
  optionsSchema: schema.object({ paths: pathspecList(), limit: schema.optional(schema.integer({ minimum: 1 })) }),
  exampleOptions: { paths: ['notes/'] },
  async run(context) {
    const paths: readonly string[] = context.options.paths;
    const limit: number | undefined = context.options.limit;
    const matches = await pathspecMatcher(usablePathspecs(context, 'paths', paths));
    for (const file of context.files().filter(matches).slice(0, limit)) {
      try {
        if (context.read(file).trim() === '') context.violation({ subject: file, file, message: 'is empty' });
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        context.skip({ subject: file, message: error.reason });
      }
    }
    const policy = readDocument(context, context.layer.policyFile);
    const git: GitReader = context.git;
    context.ok({ subject: '.', message: \`\${String(policy?.lines.size)} \${git.head() ?? 'no commit'} \${context.env.CI ?? ''} \${context.disk.kind(git.hooksDir)}\` });
  },
});

export function audit(context: ValidatorContext): string[] {
  return [...context.rules.rules.map((rule) => rule.identity), ...context.registry.names()];
}
`;
    expect(compile(source)).toEqual([]);
  });

  it("refuses, as type errors, the engine's classes and the context members the toolkit replaced", () => {
    const source = `
import { defineValidator, schema } from 'majordomus';
// @ts-expect-error the engine's repository is not published
import type { Repository } from 'majordomus';

export default defineValidator({
  name: 'old_ways',
  description: 'Reaches for what the context no longer gives.',
  gates: ['doctor'],
  optionsSchema: schema.object({ paths: schema.array(schema.string()) }),
  run(context) {
    // @ts-expect-error no repository on the context
    void context.repository;
    // @ts-expect-error no layout on the context: context.layer says where things are
    void context.layout;
    // @ts-expect-error the options are what the schema says
    void context.options.other;
  },
});

export const session = defineValidator({
  name: 'folder_only',
  description: 'Judges a folder.',
  gates: ['session'],
  run(context) {
    // @ts-expect-error a folder gate has no judged tree
    context.files();
    void context.git?.head();
  },
});
export type { Repository };
`;
    expect(compile(source)).toEqual([]);
  });
});
