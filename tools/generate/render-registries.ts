/**
 * The registries under engine/generated/: kinds.ts (share/kinds.yaml), events.ts (share/events.yaml),
 * gates.ts and packs.ts (rules/<pack>/pack.yaml), and validators.ts, the built-in validators' loaders.
 */
import type { Project } from 'ts-morph';
import { VariableDeclarationKind } from 'ts-morph';
import { addConstant, Code, embeddedName, finish, quote, union } from './common';
import type { EventEntry, GateEntry, KindEntry, PackEntry } from './inputs';

/** `engine/generated/kinds.ts`: KindName and the kinds registry. */
export function renderKinds(project: Project, kinds: readonly KindEntry[], header: string): string {
  const file = project.createSourceFile('kinds.ts', '', { overwrite: true });
  file.addTypeAlias({
    name: 'KindName',
    isExported: true,
    docs: ['The name of a kind of document the layer reads.'],
    type: union(kinds.map((k) => quote(k.name))),
  });
  file.addInterface({
    name: 'KindSchemaVersion',
    isExported: true,
    docs: ["The field that carries a kind's format version, and the values this executable reads."],
    properties: [
      { name: 'field', type: 'string', isReadonly: true },
      { name: 'supported', type: 'readonly (string | number)[]', isReadonly: true },
    ],
  });
  file.addInterface({
    name: 'KindDefinition',
    isExported: true,
    docs: ['How a document of one kind is read and checked (an entry of share/kinds.yaml).'],
    properties: [
      { name: 'name', type: 'KindName', isReadonly: true },
      { name: 'format', type: "'yaml' | 'markdown' | 'json'", isReadonly: true, docs: ['How the file is read.'] },
      {
        name: 'frontMatter',
        type: "'required'",
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['`front_matter`, markdown only: the front matter must be present, and it is what the schema checks.'],
      },
      {
        name: 'schema',
        type: 'string',
        isReadonly: true,
        docs: ['The schema stem: `share/schemas/<schema>.v1.schema.json`, allow-list `share/allow/<schema>.txt`.'],
      },
      {
        name: 'identity',
        type: 'readonly string[]',
        isReadonly: true,
        docs: ['The fields joined with `@` that identify a document; empty means its path does.'],
      },
      {
        name: 'schemaVersion',
        type: 'KindSchemaVersion',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['`schema_version`: where the kind carries a format version.'],
      },
    ],
  });
  const entries = kinds.map((k) => ({
    name: k.name,
    format: k.format,
    ...(k.front_matter ? { frontMatter: k.front_matter } : {}),
    schema: k.schema,
    identity: k.identity,
    ...(k.schema_version ? { schemaVersion: k.schema_version } : {}),
  }));
  addConstant(
    file,
    'kindNames',
    'readonly KindName[]',
    kinds.map((k) => k.name),
    'Every kind name, in registry order.',
  );
  addConstant(
    file,
    'kinds',
    'Readonly<Record<KindName, KindDefinition>>',
    Object.fromEntries(entries.map((k) => [k.name, k])),
    'The kinds registry, by name.',
  );
  return finish(file, header);
}

/** `engine/generated/events.ts`: EventName and the event vocabulary. */
export function renderEvents(project: Project, events: readonly EventEntry[], header: string): string {
  const file = project.createSourceFile('events.ts', '', { overwrite: true });
  file.addTypeAlias({
    name: 'EventName',
    isExported: true,
    docs: ['The name of an event the ledger accepts (share/events.yaml).'],
    type: union(events.map((event) => quote(event.id))),
  });
  file.addInterface({
    name: 'EventDefinition',
    isExported: true,
    docs: ['What a ledger line of one event carries (an entry of share/events.yaml).'],
    properties: [
      { name: 'name', type: 'EventName', isReadonly: true },
      { name: 'title', type: 'string', isReadonly: true },
      { name: 'emittedBy', type: 'string', isReadonly: true, docs: ['The command that writes it.'] },
      {
        name: 'requires',
        type: 'readonly string[]',
        isReadonly: true,
        docs: ['The payload keys every line of it carries besides the envelope.'],
      },
      { name: 'public', type: 'boolean', isReadonly: true, docs: ['Part of the record a user reads back with `history`.'] },
    ],
  });
  const entries = events.map((event) => ({
    name: event.id,
    title: event.title,
    emittedBy: event.emitted_by,
    requires: event.requires,
    public: event.public,
  }));
  addConstant(
    file,
    'eventNames',
    'readonly EventName[]',
    events.map((event) => event.id),
    'Every event name, in the order share/events.yaml declares them.',
  );
  addConstant(
    file,
    'events',
    'Readonly<Record<EventName, EventDefinition>>',
    Object.fromEntries(entries.map((event) => [event.name, event])),
    'The event vocabulary, by name.',
  );
  return finish(file, header);
}

/** `engine/generated/gates.ts`: the gate names by target and the gates registry. */
export function renderGates(project: Project, gates: readonly GateEntry[], header: string): string {
  const file = project.createSourceFile('gates.ts', '', { overwrite: true });
  const named = (target: GateEntry['target']): string =>
    union(gates.filter((g) => g.target === target).map((g) => quote(g.name))) || 'never';
  file.addTypeAliases([
    {
      name: 'GateName',
      isExported: true,
      docs: ['The name of a gate: a moment at which rules are enforced.'],
      type: union(gates.map((g) => quote(g.name))) || 'never',
    },
    {
      name: 'RepositoryGateName',
      isExported: true,
      docs: ['A gate that judges a repository: its context offers the layout, git and the tracked files.'],
      type: named('repository'),
    },
    {
      name: 'FolderGateName',
      isExported: true,
      docs: ['A gate that judges a folder, inside a repository or not: its context offers the folder alone.'],
      type: named('folder'),
    },
  ]);
  file.addInterface({
    name: 'GateDefinition',
    isExported: true,
    docs: ['A gate (an entry of the `gates` of a rules/<pack>/pack.yaml).'],
    properties: [
      { name: 'name', type: 'GateName', isReadonly: true },
      { name: 'description', type: 'string', isReadonly: true, docs: ['What the gate judges, in one line.'] },
      {
        name: 'target',
        type: "'repository' | 'folder'",
        isReadonly: true,
        docs: ['`target`: what the gate judges, a repository or a folder.'],
      },
      {
        name: 'violationLevel',
        type: "'fail' | 'drift'",
        isReadonly: true,
        docs: ["`violation_level`: what a blocking rule's violation becomes at this gate."],
      },
      {
        name: 'exitCode',
        type: 'number',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ["`exit_code`: when set, the exit code a violation produces here, in place of the rule's own."],
      },
      {
        name: 'includes',
        type: 'readonly GateName[]',
        isReadonly: true,
        docs: ['`includes`: the gates whose rules this gate runs too (gates are cumulative).'],
      },
      {
        name: 'command',
        type: 'string',
        isReadonly: true,
        docs: ['`command`: the command that runs one rule again ({rule}: the rule id, {target}: the folder judged).'],
      },
      { name: 'pack', type: 'string', isReadonly: true, docs: ['The pack that declares the gate.'] },
    ],
  });
  const entries = gates.map((g) => ({
    name: g.name,
    description: g.description,
    target: g.target,
    violationLevel: g.violation_level,
    ...(g.exit_code !== undefined ? { exitCode: g.exit_code } : {}),
    includes: g.includes,
    command: g.command,
    pack: g.pack,
  }));
  addConstant(
    file,
    'gateNames',
    'readonly GateName[]',
    gates.map((g) => g.name),
    'Every gate name, in registry order.',
  );
  addConstant(
    file,
    'gates',
    'Readonly<Record<GateName, GateDefinition>>',
    Object.fromEntries(entries.map((g) => [g.name, g])),
    'The gates registry, by name.',
  );
  return finish(file, header);
}

/** The import path of an engine module from engine/generated/ (`engine/brainstorm/x.ts` → `../brainstorm/x`). */
function fromGenerated(module: string): string {
  return `../${module.slice('engine/'.length, -'.ts'.length)}`;
}

/** `engine/generated/packs.ts`: PackName and the packs registry, its plugins loaded lazily. */
export function renderPacks(project: Project, packs: readonly PackEntry[], header: string): string {
  const file = project.createSourceFile('packs.ts', '', { overwrite: true });
  file.addImportDeclarations([
    { isTypeOnly: true, moduleSpecifier: './gates', namedImports: ['GateName'] },
    { isTypeOnly: true, moduleSpecifier: '../api/validator', namedImports: ['PackContext'] },
  ]);
  file.addTypeAliases([
    {
      name: 'PackName',
      isExported: true,
      docs: ['The name of a pack: its folder rules/<name>/, and the vendor of its rule package.'],
      type: union(packs.map((p) => quote(p.name))) || 'never',
    },
    {
      name: 'PackVendoring',
      isExported: true,
      docs: [
        'How a repository adopts a pack: always (the baseline), by default (init; removable), on request (rules vendor add), or never (examples).',
      ],
      type: "'always' | 'default' | 'optional' | 'never'",
    },
  ]);
  file.addInterface({
    name: 'PackDefinition',
    isExported: true,
    docs: ['A pack (a rules/<pack>/pack.yaml).'],
    properties: [
      { name: 'name', type: 'PackName', isReadonly: true },
      { name: 'description', type: 'string', isReadonly: true, docs: ['What the pack governs, in one line.'] },
      {
        name: 'vendoring',
        type: 'PackVendoring',
        isReadonly: true,
        docs: ['`vendoring`: whether init vendors it and whether it may be removed.'],
      },
      { name: 'validators', type: 'readonly string[]', isReadonly: true, docs: ['The built-in validators the pack brings.'] },
      { name: 'gates', type: 'readonly GateName[]', isReadonly: true, docs: ['The gates the pack declares.'] },
      { name: 'commands', type: 'readonly string[]', isReadonly: true, docs: ['The top-level commands the pack adds.'] },
      {
        name: 'embeddedRules',
        type: '() => Promise<readonly { readonly file: string; readonly text: string }[]>',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['`embedded`: the rule files compiled into the bundle (engine/generated/<pack>-pack.ts), imported when first read.'],
      },
      {
        name: 'context',
        type: '() => Promise<PackContext>',
        isReadonly: true,
        hasQuestionToken: true,
        docs: ['The models the pack builds for its validators, imported only when a gate of the pack runs.'],
      },
    ],
  });
  const entries = packs.map((p) => ({
    name: p.name,
    description: p.description,
    vendoring: p.vendoring,
    validators: p.validators,
    gates: p.gates.map((g) => g.name),
    commands: p.commands,
    ...(p.embedded ? { embeddedRules: new Code(`() => import('./${p.name}-pack').then((module) => module.${embeddedName(p.name)})`) } : {}),
    ...(p.context !== undefined ? { context: new Code(`() => import('${fromGenerated(p.context)}')`) } : {}),
  }));
  addConstant(
    file,
    'packNames',
    'readonly PackName[]',
    packs.map((p) => p.name),
    'Every pack, the baseline first, then in byte order.',
  );
  addConstant(
    file,
    'packs',
    'Readonly<Record<PackName, PackDefinition>>',
    Object.fromEntries(entries.map((p) => [p.name, p])),
    'The packs registry, by name.',
  );
  return finish(file, header);
}

/**
 * `engine/generated/validators.ts`: the registry of built-in validators, from the packs' lists — each
 * name bound to a loader of its module, keys sorted, typed by `satisfies` so the compiler checks every
 * plugin's shape. A module is imported only when a registry is built.
 */
export function renderValidatorRegistry(project: Project, packs: readonly PackEntry[], header: string): string {
  const file = project.createSourceFile('validators.ts', '', { overwrite: true });
  file.addImportDeclarations([{ isTypeOnly: true, moduleSpecifier: '../api/validator', namedImports: ['Validator'] }]);
  const names = packs.flatMap((p) => p.validators).sort();
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: ["Every built-in validator: its name (a rule's `x-majordomus.validator`) and the loader of its module."],
    declarations: [
      {
        name: 'validatorModules',
        initializer: `{\n${names.map((name) => `  ${name}: () => import('../../validators/${name}'),`).join('\n')}\n} as const satisfies Readonly<Record<string, () => Promise<{ readonly default: Validator }>>>`,
      },
    ],
  });
  file.addTypeAlias({
    name: 'BuiltinValidatorName',
    isExported: true,
    docs: ['The name of a built-in validator.'],
    type: 'keyof typeof validatorModules',
  });
  return finish(file, header);
}
