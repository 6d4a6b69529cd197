/**
 * The engine's structure read from its sources, for test/architecture.test.ts: the import graph between
 * files (static imports, re-exports and `import()` with a literal specifier), each file's unit in the
 * layer order, and the calls the architecture reserves to a few places. Every function takes the root
 * and the files it judges, so the same checks run on the repository and on the failing fixtures under
 * test/fixtures/architecture/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ts } from 'ts-morph';

/** One import of one file: what it names, resolved to a file of the tree when it is relative. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly line: number;
  /** `import()`: loaded when first used, not when the importing module is. */
  readonly lazy: boolean;
  /** `import type` / `export type`: erased at build time. */
  readonly typeOnly: boolean;
}

const EXTENSIONS = ['.ts', '.d.ts', '.js', '/index.ts'];

function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  if (/\.(ts|js|json|mjs)$/.test(base) && existsSync(join(root, base))) return base;
  for (const extension of EXTENSIONS) {
    const candidate = `${base}${extension}`;
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  }
  return base;
}

export function parseSource(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true);
}

/** Every import of `file` that names another file of the tree. */
export function importsOf(root: string, file: string): ImportEdge[] {
  const source = parseSource(root, file);
  const edges: ImportEdge[] = [];
  const add = (node: ts.Node, specifier: string, lazy: boolean, typeOnly: boolean): void => {
    const to = resolveSpecifier(root, file, specifier);
    if (!to) return;
    edges.push({ from: file, to, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, lazy, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, false, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, false, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(node, argument.text, true, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** True when `file` is one of the registries, or lies in a folder that is one. */
export function isRegistry(file: string, registries: readonly string[]): boolean {
  return registries.some((registry) => file === registry || file.startsWith(`${registry}/`));
}

/** The unit of `file` in `layers`: the longest folder or file of the order that holds it. */
export function unitOf(file: string, layers: readonly (readonly string[])[]): { unit: string; rank: number } | undefined {
  let best: { unit: string; rank: number } | undefined;
  layers.forEach((units, rank) => {
    for (const unit of units) {
      const holds = file === unit || file.startsWith(`${unit}/`);
      if (holds && (!best || unit.length > best.unit.length)) best = { unit, rank };
    }
  });
  return best;
}

/**
 * The imports that break the order, one line each: an import of a unit listed later, or of a peer,
 * and a file the order does not place. A plugin registry's lazy loads are its purpose and pass.
 */
export function layerViolations(
  root: string,
  files: readonly string[],
  layers: readonly (readonly string[])[],
  registries: readonly string[],
): string[] {
  const found: string[] = [];
  for (const file of files) {
    const own = unitOf(file, layers);
    if (!own) {
      found.push(`${file}: in no layer of the order`);
      continue;
    }
    for (const edge of importsOf(root, file)) {
      const target = unitOf(edge.to, layers);
      if (!target || target.unit === own.unit) continue;
      if (edge.lazy && isRegistry(file, registries)) continue;
      if (target.rank > own.rank) found.push(`${file}:${edge.line} imports ${edge.to}, a layer above (${own.unit} < ${target.unit})`);
      else if (target.rank === own.rank) found.push(`${file}:${edge.line} imports ${edge.to}, a peer (${own.unit} and ${target.unit})`);
    }
  }
  return found;
}

/** The import cycles between files (Tarjan's algorithm over every edge but the registries' lazy loads), each as its sorted files. */
export function importCycles(root: string, files: readonly string[], registries: readonly string[]): string[][] {
  const known = new Set(files);
  const next = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(root, file)
      .filter((edge) => known.has(edge.to) && !(edge.lazy && isRegistry(file, registries)))
      .map((edge) => edge.to);
    next.set(file, [...new Set(targets)]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const connect = (start: string): void => {
    // iterative, so a long chain of files cannot overflow the stack
    const work: { file: string; at: number }[] = [{ file: start, at: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.file)!;
      if (frame.at < targets.length) {
        const target = targets[frame.at++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, at: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const members: string[] = [];
        for (;;) {
          const member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
          if (member === frame.file) break;
        }
        const selfLoop = members.length === 1 && next.get(members[0]!)!.includes(members[0]!);
        if (members.length > 1 || selfLoop) cycles.push(members.sort());
      }
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return cycles;
}

/** Where `file` calls one of `names` (a call `name(…)` or `x.name(…)`), one `file:line name` each. */
export function callsOf(root: string, file: string, names: ReadonlySet<string>): string[] {
  const source = parseSource(root, file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name && names.has(name)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where `file` imports one of the modules `specifiers` names, one `file:line module` each. */
export function moduleImports(root: string, file: string, specifiers: ReadonlySet<string>): string[] {
  const source = parseSource(root, file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let specifier: string | undefined;
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specifier = node.moduleSpecifier.text;
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      specifier = node.arguments[0].text;
    if (specifier && specifiers.has(specifier))
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${specifier}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where `file` reads `process.<name>` for one of `names` (`process.env`, `process.cwd`, `process.argv`). */
export function processReads(root: string, file: string, names: ReadonlySet<string>): string[] {
  const source = parseSource(root, file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const name = ts.isPropertyAccessExpression(node)
      ? node.name.text
      : ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)
        ? node.argumentExpression.text
        : undefined;
    if (name && names.has(name) && (node as ts.PropertyAccessExpression).expression.getText() === 'process') {
      found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} process.${name}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Node's file-system modules. */
const FS_MODULES: ReadonlySet<string> = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);

/** The file-system calls that change the disk (sync, callback and promise forms share these stems). */
export const WRITE_CALLS: ReadonlySet<string> = new Set(
  [
    'writeFile',
    'appendFile',
    'write',
    'rename',
    'link',
    'symlink',
    'rm',
    'rmdir',
    'unlink',
    'mkdir',
    'mkdtemp',
    'chmod',
    'fchmod',
    'copyFile',
    'cp',
    'truncate',
    'ftruncate',
    'utimes',
    'chown',
  ].flatMap((stem) => [stem, `${stem}Sync`]),
);

/**
 * Where `file` takes a writing call from the file system: a named import of one (`import { rmSync }
 * from 'node:fs'`), or a use of one through a namespace or default import (`fs.writeFileSync`). One
 * `file:line name` each.
 */
export function fsWrites(root: string, file: string): string[] {
  const source = parseSource(root, file);
  const found: string[] = [];
  const namespaces = new Set<string>();
  const at = (node: ts.Node): string => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      !FS_MODULES.has(statement.moduleSpecifier.text)
    )
      continue;
    const clause = statement.importClause;
    if (!clause) continue;
    if (clause.name) namespaces.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const name = (element.propertyName ?? element.name).text;
        if (WRITE_CALLS.has(name)) found.push(`${at(element)} ${name}`);
      }
    }
  }
  if (namespaces.size > 0) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        namespaces.has(node.expression.text) &&
        WRITE_CALLS.has(node.name.text)
      ) {
        found.push(`${at(node)} ${node.name.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
