/**
 * `engine/generated/schema-validators.js` and its `.d.ts`: ajv's standalone validators of every kind,
 * without the schemas' prose and with ajv's runtime helpers inlined, and their declarations.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Project } from 'ts-morph';
import { VariableDeclarationKind } from 'ts-morph';
import { createAjv, finish, GenerateError, propertyName, SCHEMA_ANNOTATIONS } from './common';
import type { Paired } from './inputs';
import { interfaceName } from './render-types';

/** ajv's standalone output requires these runtime helpers; they are inlined so nothing imports ajv. */
const INLINED_RUNTIME: Readonly<Record<string, string>> = {
  ucs2length: [
    '/** The length of a string in Unicode code points, as JSON Schema counts it. */',
    'function ucs2length(text) {',
    '  let length = 0;',
    '  let pos = 0;',
    '  while (pos < text.length) {',
    '    length++;',
    '    const unit = text.charCodeAt(pos++);',
    '    if (unit >= 0xd800 && unit <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;',
    '  }',
    '  return length;',
    '}',
  ].join('\n'),
};

/** The JavaScript export name of a kind (`rule-package` → rulePackage). */
export function exportName(kind: string): string {
  return kind.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A schema without its prose: annotations change no verdict, so the validators do not carry them. */
function stripAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripAnnotations);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' || key === 'title' || (SCHEMA_ANNOTATIONS as readonly string[]).includes(key)) continue;
    if (key === 'properties' || key === '$defs') {
      out[key] = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, stripAnnotations(v)]));
    } else if (key === 'const' || key === 'enum' || key === 'required') {
      out[key] = value;
    } else {
      out[key] = stripAnnotations(value);
    }
  }
  return out;
}

/** The standalone validators of every kind (`.js`) and their declarations (`.d.ts`). */
export function renderValidators(project: Project, kinds: readonly Paired[], header: string): { js: string; dts: string } {
  const ajv = createAjv({ source: true, esm: true, lines: true });
  const refs: Record<string, string> = {};
  for (const { kind, schema } of kinds) {
    ajv.addSchema(stripAnnotations(schema.schema) as object);
    refs[exportName(kind.name)] = String(schema.schema.$id);
  }
  let code = standaloneCode(ajv, refs).replace(/^"use strict";\s*/, '');
  const helpers = new Set<string>();
  code = code.replace(/require\("ajv\/dist\/runtime\/([A-Za-z0-9_]+)"\)\.default/g, (_, name: string) => {
    if (!INLINED_RUNTIME[name])
      throw new GenerateError(`the ajv standalone output needs the runtime helper ${name}, which the generator does not inline`);
    helpers.add(name);
    return name;
  });
  if (/\brequire\(/.test(code)) throw new GenerateError('the ajv standalone output still calls require()');
  const registry = [
    '/** The precompiled validator of each kind, by kind name. */',
    `export const schemaValidators = Object.freeze({ ${kinds.map(({ kind }) => `${propertyName(kind.name)}: ${exportName(kind.name)}`).join(', ')} });`,
  ].join('\n');
  // ajv writes one statement a line (code.lines); re-indenting 200 kB of it with ts-morph would cost
  // seconds on every run and change nothing a reader needs, so only trailing blanks are trimmed.
  const body = [...[...helpers].sort().map((h) => INLINED_RUNTIME[h]), code.trim(), registry].join('\n\n');
  const js = `${header}\n${body.replace(/[ \t]+$/gm, '')}\n`;

  const dts = project.createSourceFile('schema-validators.d.ts', '', { overwrite: true });
  dts.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: './kinds', namedImports: ['KindName'] });
  dts.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: './types',
    namedImports: ['KindDocuments', ...kinds.map(({ schema }) => interfaceName(schema.schema))],
  });
  dts.addInterface({
    name: 'SchemaError',
    isExported: true,
    docs: ['One way a document breaks its schema, as ajv reports it (every error is collected: allErrors).'],
    properties: [
      {
        name: 'instancePath',
        type: 'string',
        docs: ['JSON Pointer to the offending value: `/x-majordomus/validator`; `` is the document itself.'],
      },
      { name: 'schemaPath', type: 'string', docs: ['JSON Pointer into the schema: `#/$defs/Enforcement/additionalProperties`.'] },
      {
        name: 'keyword',
        type: 'string',
        docs: ['The keyword that failed: `required`, `additionalProperties`, `type`, `const`, `enum`, `pattern`, ...'],
      },
      {
        name: 'params',
        type: 'Record<string, unknown>',
        docs: [
          'Keyword details: `{ missingProperty }`, `{ additionalProperty }`, `{ type }`, `{ allowedValue }`, `{ allowedValues }`, `{ pattern }`, `{ limit }`, ...',
        ],
      },
      { name: 'message', type: 'string', hasQuestionToken: true, docs: ["ajv's English sentence; for logs, not for tests."] },
    ],
  });
  dts.addInterface({
    name: 'SchemaValidator',
    isExported: true,
    typeParameters: ['T'],
    docs: ['A precompiled validator: true when `data` conforms; otherwise false, with `errors` set until the next call.'],
    callSignatures: [{ parameters: [{ name: 'data', type: 'unknown' }], returnType: 'data is T' }],
    properties: [
      {
        name: 'errors',
        type: 'SchemaError[] | null',
        hasQuestionToken: true,
        docs: ['The errors of the last call that failed; null after one that passed.'],
      },
    ],
  });
  dts.addVariableStatements(
    kinds.map(({ kind, schema }) => ({
      declarationKind: VariableDeclarationKind.Const,
      hasDeclareKeyword: true,
      isExported: true,
      docs: [`Validate a \`${kind.name}\` document against \`${schema.path}\`.`],
      declarations: [{ name: exportName(kind.name), type: `SchemaValidator<${interfaceName(schema.schema)}>` }],
    })),
  );
  dts.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    hasDeclareKeyword: true,
    isExported: true,
    docs: ['The precompiled validator of each kind, by kind name.'],
    declarations: [{ name: 'schemaValidators', type: '{ readonly [K in KindName]: SchemaValidator<KindDocuments[K]> }' }],
  });
  return { js, dts: finish(dts, header) };
}
