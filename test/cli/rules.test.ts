/**
 * The `rules` commands run by the built CLI in fresh temporary git repositories: `list` (columns, JSON,
 * load order of the two vendored packs and the project rules, a refused set), `show` (the rule as
 * written, its validator, an unknown id), `new` (each variant, doctor right after, a rule on a brainstorm
 * gate that doctor does not run, every refusal) and `vendor status|update` over every vendored pack
 * (absent, damaged, different, current, per pack and together; the refusal over a hand edit, --force,
 * removals, idempotence). Assertions are on exit codes and parsed fields — ids, columns, provenance,
 * gates, paths — not on prose. After a command has written, doctor's and watch's verdicts, `rules vendor
 * status`, `rules list --json` and `rules test` are read in process (helpers/gate.ts, helpers/commands.ts,
 * helpers/cli.ts). The commands under test run as processes, except in a table (`it.each`): its cases run
 * in process, and its sample — the first case — through the built CLI too, the two asserted the same
 * byte for byte (helpers/cli.ts).
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Validator } from '../../engine/api/validator';
import { cliInProcess, tableRun } from '../helpers/cli';
import { rulesListInProcess, vendorStatusInProcess } from '../helpers/commands';
import { gateInProcess } from '../helpers/gate';
import { copyOf } from '../helpers/prepared';
import type { RunResult, TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';
import {
  manifestEntry,
  PROJECT,
  RULE_SECTIONS,
  RULES_DIR,
  ruleFront,
  ruleText,
  VENDOR,
  VENDOR_MANIFEST,
  writeRule,
} from '../helpers/rules';
import { validators } from '../helpers/validators';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const registered = validators as unknown as Record<string, Validator>;
const SHIPPED = join(ROOT, 'rules/majordomus');
const POLICY_RULE = `${VENDOR}/rules/policy-integrity.v1.md`;

// The brainstorm pack: optional, added beside the baseline by `rules vendor add brainstorm`.
const BRAINSTORM = `${RULES_DIR}/vendor/brainstorm`;
const BRAINSTORM_MANIFEST = `${BRAINSTORM}/manifest.yaml`;
const SHIPPED_BRAINSTORM = join(ROOT, 'rules/brainstorm');
const OPS_RULE = `${BRAINSTORM}/rules/bs-ops-01.v1.md`;
/** The paths a refused `rules vendor update` lists as `would <action> <path>` on stderr. */
function wouldLines(stderr: string, action: 'remove' | 'replace' | 'write'): string[] {
  return stderr
    .split('\n')
    .map((line) => new RegExp(`^\\s+would ${action} (.+)$`).exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

/** Every file under `dir` of the repository with its bytes (links as their target text). */
function snapshotOf(repo: TempRepo, dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const entry of readdirSync(repo.path(rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else
        out[child] = entry.isSymbolicLink() ? `link ${readlinkSync(repo.path(child))}` : readFileSync(repo.path(child)).toString('base64');
    }
  };
  visit(dir);
  return out;
}

/** The brainstorm gates, which doctor never runs. */
const BRAINSTORM_GATES: readonly string[] = ['session', 'manifest', 'move'];
/** The contract's rule table: each of the 18 brainstorm rules and the one gate that names it. */
const BRAINSTORM_RULE_GATES: Readonly<Record<string, string>> = {
  'BS-STATE-01': 'session',
  'BS-STATE-02': 'session',
  'BS-ASPECT-01': 'session',
  'BS-THESIS-01': 'session',
  'BS-COMPOSE-01': 'session',
  'BS-FORK-01': 'session',
  'BS-FORK-02': 'session',
  'BS-LEDGER-01': 'session',
  'BS-OPS-01': 'session',
  'BS-OPS-02': 'session',
  'BS-SYNC-01': 'session',
  'BS-SYNC-02': 'session',
  'BS-ASPECT-02': 'manifest',
  'BS-COMPOSE-02': 'manifest',
  'BS-FORK-03': 'manifest',
  'BS-MANIFEST-01': 'manifest',
  'BS-HARVEST-01': 'move',
  'BS-USELESS-01': 'move',
};

/** The adopted repository these tests start from, made once: init, then the optional brainstorm pack added beside the baseline. */
let withBrainstorm: TempRepo | undefined;

/** A copy of an adopted repository that added the brainstorm pack (`rules vendor add brainstorm`). */
function adopted(): TempRepo {
  if (!withBrainstorm) {
    withBrainstorm = repos.create().init();
    const added = withBrainstorm.run(['rules', 'vendor', 'add', 'brainstorm']);
    if (added.code !== 0) throw new Error(`rules vendor add brainstorm exited ${added.code}: ${added.stderr}`);
  }
  return copyOf(repos, withBrainstorm);
}

/** The sample of a table whose first row is `first`: that case runs through the built CLI too (helpers/cli.ts). */
function sampleOf(first: unknown, row: unknown, copy?: (repo: TempRepo) => TempRepo) {
  return { sample: first === row, copy };
}
/** A copy of a repository as it is now, for the built CLI to run a writing sample on. */
const twin = (repo: TempRepo): TempRepo => copyOf(repos, repo);

function lines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line !== '');
}

/** The paths a write command printed with `<verb> <path>`. */
function printed(stdout: string, verb: 'wrote' | 'removed'): string[] {
  return lines(stdout)
    .map((line) => new RegExp(`^${verb} (\\S+)$`).exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

interface ManifestEntry {
  readonly id: string;
  readonly version: number;
  readonly file: string;
  readonly sha256: string;
}

function manifest(text: string): { source_revision: string; rules: ManifestEntry[] } {
  return parse(text) as { source_revision: string; rules: ManifestEntry[] };
}

/** A rule file's front matter, parsed. */
function frontMatter(text: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) throw new Error('no front matter');
  return parse(match[1]!) as Record<string, unknown>;
}

/** The level-one headings of a rule body and whether each has text under it. */
function sections(text: string): Map<string, boolean> {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, '');
  const out = new Map<string, boolean>();
  let current: string | undefined;
  for (const line of body.split('\n')) {
    const heading = /^# (.+)$/.exec(line);
    if (heading) out.set((current = heading[1]!), false);
    else if (current !== undefined && line.trim() !== '') out.set(current, true);
  }
  return out;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Rewrite the sha256 the manifest of the package in `dir` lists for `file` (package-relative, `rules/x.md`). */
function setListedHash(repo: TempRepo, file: string, hash: string, dir = VENDOR): void {
  if (dir === VENDOR) {
    const { lines: text, start, end } = manifestEntry(repo, file);
    for (let i = start; i <= end; i++) text[i] = text[i]!.replace(/sha256: [0-9a-f]+/, `sha256: ${hash}`);
    repo.write(VENDOR_MANIFEST, text.join('\n'));
    return;
  }
  const text = repo.read(`${dir}/manifest.yaml`).split('\n');
  const fileLine = text.findIndex((line) => line.trim() === `file: ${file}`);
  expect(fileLine, `${dir}/manifest.yaml lists ${file}`).toBeGreaterThan(-1);
  let i = fileLine + 1;
  while (!text[i]!.trim().startsWith('sha256:')) i++;
  text[i] = text[i]!.replace(/sha256: [0-9a-f]+/, `sha256: ${hash}`);
  repo.write(`${dir}/manifest.yaml`, text.join('\n'));
}

/** Edit a vendored rule and its manifest hash together: internally valid, different from the distribution. */
function editConsistently(repo: TempRepo, file = 'rules/policy-integrity.v1.md', dir = VENDOR): void {
  const path = `${dir}/${file}`;
  const text = `${repo.read(path)}\nA line the distribution does not ship.\n`;
  repo.write(path, text);
  setListedHash(repo, file, sha256(text), dir);
}

const EXTRA_ID = 'majordomus.extra-principle';
const EXTRA_FILE = 'rules/extra-principle.v1.md';

/** Add a rule to the vendored package and list it in the manifest with its true hash. */
function addListedRule(repo: TempRepo): void {
  const text = ruleText([
    ...ruleFront(EXTRA_ID).map((line) => (line === 'class: blocking' ? 'class: advisory' : line)),
    'depends_on: []',
    'tags: [extra]',
  ]);
  repo.write(`${VENDOR}/${EXTRA_FILE}`, text);
  const current = repo.read(VENDOR_MANIFEST);
  repo.write(
    VENDOR_MANIFEST,
    `${current.replace(/\n*$/, '\n')}  - id: ${EXTRA_ID}\n    version: 1\n    file: ${EXTRA_FILE}\n    sha256: ${sha256(text)}\n`,
  );
}

/** A project principle (no validator) at `<project>/<file>` with `id`. */
function writePrinciple(repo: TempRepo, file: string, id: string, extra: readonly string[] = []): void {
  const front = ruleFront(id).map((line) => (line === 'class: blocking' ? 'class: advisory' : line));
  writeRule(repo, `${PROJECT}/${file}`, [...front, ...extra]);
}

// ------------------------------------------------------------------------------------------- list

/** One row of `rules list`: its four cells and where the second, third and fourth begin. */
interface Row {
  readonly identity: string;
  readonly class: string;
  readonly provenance: string;
  readonly gates: string;
  readonly starts: readonly number[];
}

const ROW = /^(\S+)( {2,})(blocking|advisory)( {2,})(vendor:\S+|project)( {2,})(\S.*)$/;

function rows(stdout: string): Row[] {
  return lines(stdout).map((line) => {
    const m = ROW.exec(line);
    if (!m) throw new Error(`not a rules list row: ${JSON.stringify(line)}`);
    const second = m[1]!.length + m[2]!.length;
    const third = second + m[3]!.length + m[4]!.length;
    const fourth = third + m[5]!.length + m[6]!.length;
    return { identity: m[1]!, class: m[3]!, provenance: m[5]!, gates: m[7]!, starts: [second, third, fourth] };
  });
}

interface JsonRow {
  readonly id: string;
  readonly version: number;
  readonly class: string;
  readonly status: string;
  readonly provenance: string;
  readonly gates: string[];
  readonly validator: string | null;
  readonly file: string;
}

function jsonRows(stdout: string): JsonRow[] {
  return lines(stdout).map((line) => JSON.parse(line) as JsonRow);
}

describe('rules list', () => {
  let repo: TempRepo;
  /** The baseline's manifest entries. */
  let vendored: ManifestEntry[];
  /** The brainstorm pack's manifest entries. */
  let brainstorm: ManifestEntry[];
  /** The vendored identities in load order: vendors in byte order (brainstorm, then majordomus), each in its manifest's order. */
  let loadOrder: string[];
  beforeAll(() => {
    repo = adopted();
    vendored = manifest(repo.read(VENDOR_MANIFEST)).rules;
    brainstorm = manifest(repo.read(BRAINSTORM_MANIFEST)).rules;
    loadOrder = [...brainstorm, ...vendored].map((e) => `${e.id}@${e.version}`);
  });

  /** `rules list` of the untouched adopted repository, which nothing here changes: each variant runs once. */
  const listings = new Map<string, RunResult>();
  function listOf(args: readonly string[]): RunResult {
    const key = JSON.stringify(args);
    if (!listings.has(key)) listings.set(key, repo.run(['rules', 'list', ...args]));
    return listings.get(key)!;
  }

  /** The identities `rules list` prints for the untouched adopted repository, in its order. */
  function effectiveOrder(): string[] {
    return jsonRows(listOf(['--json']).stdout).map((row) => `${row.id}@${row.version}`);
  }

  /** The provenance a vendored identity has: the package whose manifest lists it. */
  function provenanceOf(identity: string): string {
    if (brainstorm.some((e) => `${e.id}@${e.version}` === identity)) return 'vendor:brainstorm';
    if (vendored.some((e) => `${e.id}@${e.version}` === identity)) return 'vendor:majordomus';
    return 'project';
  }

  it('the brainstorm pack, once added, holds the 18 rules of the contract', () => {
    expect(brainstorm.map((e) => `${e.id}@${e.version}`).sort()).toEqual(
      Object.keys(BRAINSTORM_RULE_GATES)
        .map((id) => `${id}@1`)
        .sort(),
    );
    expect(vendored.every((e) => e.id.startsWith('majordomus.'))).toBe(true);
  });

  it('prints one aligned row per rule of the effective set, with the provenance of its package, and exits 0', () => {
    const result = listOf([]);
    expect(result.code).toBe(0);
    const table = rows(result.stdout);
    expect(table.map((row) => row.identity).sort()).toEqual([...loadOrder].sort());
    expect(table.filter((row) => row.provenance === 'vendor:brainstorm')).toHaveLength(18);
    for (const row of table) {
      expect(row.starts).toEqual(table[0]!.starts);
      expect(row.provenance, row.identity).toBe(provenanceOf(row.identity));
    }
    for (const [id, gate] of Object.entries(BRAINSTORM_RULE_GATES))
      expect(table.find((row) => row.identity === `${id}@1`)!.gates, id).toBe(gate);
  });

  it('shows the gates of an enforced rule comma-separated and "not machine-enforced" for a principle', () => {
    const table = rows(listOf([]).stdout);
    const json = jsonRows(listOf(['--json']).stdout);
    expect(table.map((row) => row.identity)).toEqual(json.map((row) => `${row.id}@${row.version}`));
    json.forEach((row, i) => {
      expect(table[i]!.gates).toBe(row.gates.length > 0 ? row.gates.join(',') : 'not machine-enforced');
      expect(table[i]!.class).toBe(row.class);
    });
    expect(table.find((row) => row.identity === 'majordomus.policy-integrity@1')!.gates).toBe('doctor,watch');
    expect(table.find((row) => row.identity === 'majordomus.define-done-first@1')!.gates).toBe('not machine-enforced');
  });

  it('--json prints one object a line with exactly the documented keys', () => {
    const result = listOf(['--json']);
    expect(result.code).toBe(0);
    const json = jsonRows(result.stdout);
    expect(json).toHaveLength(vendored.length + brainstorm.length);
    for (const row of json) {
      expect(Object.keys(row).sort()).toEqual(['class', 'file', 'gates', 'id', 'provenance', 'status', 'validator', 'version']);
      expect(row.status).toBe('active');
      expect(repo.exists(row.file), row.file).toBe(true);
      expect(row.provenance, row.id).toBe(provenanceOf(`${row.id}@${row.version}`));
      const [entries, dir] = row.provenance === 'vendor:brainstorm' ? [brainstorm, BRAINSTORM] : [vendored, VENDOR];
      const entry = entries.find((e) => e.id === row.id)!;
      expect(row.file).toBe(`${dir}/${entry.file}`);
      if (row.validator === null) expect(row.gates).toEqual([]);
      else expect(row.gates.length).toBeGreaterThan(0);
    }
    // each brainstorm rule: blocking, one of the pack's validators, at the one gate the contract gives it
    for (const row of json.filter((r) => r.provenance === 'vendor:brainstorm')) {
      expect(row, row.id).toMatchObject({ class: 'blocking', gates: [BRAINSTORM_RULE_GATES[row.id]] });
      expect(row.validator, row.id).toMatch(/^brainstorm_[a-z]+$/);
      expect(registered[row.validator!]!.gates, row.id).toEqual(BRAINSTORM_GATES);
    }
    const policy = json.find((row) => row.id === 'majordomus.policy-integrity')!;
    expect(policy).toMatchObject({
      version: 1,
      class: 'blocking',
      provenance: 'vendor:majordomus',
      gates: ['doctor', 'watch'],
      validator: 'policy',
      file: POLICY_RULE,
    });
    expect(json.find((row) => row.id === 'majordomus.define-done-first')).toMatchObject({ gates: [], validator: null, class: 'advisory' });
  });

  it('orders the vendored packs by vendor in byte order, each by its manifest, each rule after the rules it depends on', () => {
    const order = jsonRows(listOf(['--json']).stdout).map((row) => `${row.id}@${row.version}`);
    // brainstorm sorts before majordomus: every brainstorm rule comes first
    expect(order.slice(0, brainstorm.length).map(provenanceOf)).toEqual(brainstorm.map(() => 'vendor:brainstorm'));
    expect(order.slice(brainstorm.length).map(provenanceOf)).toEqual(vendored.map(() => 'vendor:majordomus'));
    for (const [entries, dir] of [
      [brainstorm, BRAINSTORM],
      [vendored, VENDOR],
    ] as const) {
      const depends = new Map(
        entries.map((e) => [`${e.id}@${e.version}`, (frontMatter(repo.read(`${dir}/${e.file}`)).depends_on as string[] | undefined) ?? []]),
      );
      for (const [identity, deps] of depends)
        for (const dep of deps) expect(order.indexOf(dep), `${dep} before ${identity}`).toBeLessThan(order.indexOf(identity));
      // rules that wait on nothing keep the manifest's order among themselves
      const free = entries.map((e) => `${e.id}@${e.version}`).filter((identity) => depends.get(identity)!.length === 0);
      expect(free.length, dir).toBeGreaterThan(0);
      expect(order.filter((identity) => free.includes(identity))).toEqual(free);
    }
  });

  it('lists project rules after the vendored ones, in byte order of their files, with provenance project', () => {
    const project = adopted();
    // file names and ids sort in opposite orders: the file name decides
    writePrinciple(project, 'a-first.v1.md', 'project.zulu');
    writePrinciple(project, 'b-second.v1.md', 'project.alpha');
    const result = project.run(['rules', 'list']);
    expect(result.code).toBe(0);
    const table = rows(result.stdout);
    expect(table.slice(-2).map((row) => [row.identity, row.provenance, row.gates])).toEqual([
      ['project.zulu@1', 'project', 'not machine-enforced'],
      ['project.alpha@1', 'project', 'not machine-enforced'],
    ]);
    expect(table.slice(0, -2).map((row) => row.provenance)).toEqual(loadOrder.map(provenanceOf));
    for (const row of table) expect(row.starts).toEqual(table[0]!.starts);
    const json = jsonRows(project.run(['rules', 'list', '--json']).stdout);
    expect(json.at(-2)).toMatchObject({
      id: 'project.zulu',
      provenance: 'project',
      file: `${PROJECT}/a-first.v1.md`,
      gates: [],
      validator: null,
    });
  });

  it('a refused rule: the effective set without it, in load order, then exit 10 with the problem on stderr', () => {
    const refused = adopted();
    writePrinciple(refused, 'broken.v1.md', 'project.broken', ['depends_on: [project.missing@1]']);
    writePrinciple(refused, 'fine.v1.md', 'project.fine');
    const result = refused.run(['rules', 'list']);
    expect(result.code).toBe(10);
    // the effective order of an untouched layer, then the rule that still loads
    const expected = [...effectiveOrder(), 'project.fine@1'];
    expect(rows(result.stdout).map((row) => row.identity)).toEqual(expected);
    expect(result.stderr).toContain(`${PROJECT}/broken.v1.md`);
    expect(result.stderr).toContain('project.missing@1');
    const json = refused.run(['rules', 'list', '--json']);
    expect(json.code).toBe(10);
    expect(jsonRows(json.stdout).map((row) => `${row.id}@${row.version}`)).toEqual(expected);
    // a refused rule can still be shown, marked as refused
    const shown = refused.run(['rules', 'show', 'project.broken']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^status: +refused/m);
  });

  it('a rule file that does not load is left out of the list and named on stderr', () => {
    const refused = adopted();
    refused.write(`${PROJECT}/no-front.v1.md`, '# no front matter\n');
    const result = refused.run(['rules', 'list', '--json']);
    expect(result.code).toBe(10);
    expect(jsonRows(result.stdout).map((row) => `${row.id}@${row.version}`)).toEqual(effectiveOrder());
    expect(result.stderr).toContain(`${PROJECT}/no-front.v1.md`);
  });

  it('exits 12 without a layer', () => {
    const bare = repos.create();
    const result = bare.run(['rules', 'list']);
    expect(result.code).toBe(12);
    expect(result.stderr).toContain('run: majordomus init');
  });
});

// ------------------------------------------------------------------------------------------- show

/** The `key: value` lines `rules show` prints after the rule text. */
function shown(stdout: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of stdout.split('\n')) {
    const m = /^(validator|description|gates|file|provenance|status|options schema):\s*(.*)$/.exec(line);
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}

describe('rules show', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = adopted();
  });

  it.each([['majordomus.policy-integrity'], ['majordomus.policy-integrity@1']])(
    '%s: the file as written, then its validator and origin',
    async (query) => {
      const result = await tableRun(repo, ['rules', 'show', query], sampleOf('majordomus.policy-integrity', query));
      expect(result.code).toBe(0);
      const text = repo.read(POLICY_RULE);
      expect(result.stdout.startsWith(text)).toBe(true);
      expect(frontMatter(result.stdout)).toMatchObject({ id: 'majordomus.policy-integrity', version: 1 });
      expect([...sections(result.stdout).keys()].slice(0, 4)).toEqual(RULE_SECTIONS);
      const fields = shown(result.stdout.slice(text.length));
      expect(fields.get('validator')).toBe('policy');
      expect(fields.get('description')).toBe(registered.policy!.description);
      expect(fields.get('gates')).toBe(registered.policy!.gates.join(', '));
      expect(fields.get('file')).toBe(POLICY_RULE);
      expect(fields.get('provenance')).toBe('vendor:majordomus');
    },
  );

  it('a principle is "not machine-enforced"', () => {
    const result = repo.run(['rules', 'show', 'majordomus.define-done-first']);
    expect(result.code).toBe(0);
    const text = repo.read(`${VENDOR}/rules/principle-07-define-done-first.v1.md`);
    expect(result.stdout.startsWith(text)).toBe(true);
    const fields = shown(result.stdout.slice(text.length));
    expect(fields.get('validator')).toBe('not machine-enforced');
    expect(fields.has('description')).toBe(false);
    expect(fields.get('provenance')).toBe('vendor:majordomus');
  });

  it("prints a validator's options schema as JSON, and a project rule's provenance", async () => {
    const project = adopted();
    expect((await cliInProcess(project, ['rules', 'new', 'no-todo', '--validator', 'content'])).code).toBe(0);
    const result = project.run(['rules', 'show', 'project.no-todo']);
    expect(result.code).toBe(0);
    const text = project.read(`${PROJECT}/no-todo.v1.md`);
    expect(result.stdout.startsWith(text)).toBe(true);
    const after = result.stdout.split('\n');
    const start = after.indexOf('options schema:');
    const end = after.findIndex((line) => line.startsWith('file:'));
    expect(start).toBeGreaterThan(-1);
    expect(JSON.parse(after.slice(start + 1, end).join('\n'))).toEqual(registered.content!.optionsSchema);
    const fields = shown(result.stdout.slice(text.length));
    expect(fields.get('validator')).toBe('content');
    expect(fields.get('provenance')).toBe('project');
    expect(fields.get('file')).toBe(`${PROJECT}/no-todo.v1.md`);
  });

  it('shows a deprecated rule, which the effective set leaves out', () => {
    const project = adopted();
    writePrinciple(project, 'old.v1.md', 'project.old', []);
    project.write(`${PROJECT}/old.v1.md`, project.read(`${PROJECT}/old.v1.md`).replace('status: active', 'status: deprecated'));
    const result = project.run(['rules', 'show', 'project.old@1']);
    expect(result.code).toBe(0);
    const text = project.read(`${PROJECT}/old.v1.md`);
    expect(shown(result.stdout.slice(text.length)).get('status')).toMatch(/^deprecated/);
  });

  it.each([
    ['majordomus.policy-integrty', 'majordomus.policy-integrity'],
    ['majordomus.policy-integrity@2', 'majordomus.policy-integrity@1'],
    ['policy-integrity', 'majordomus.policy-integrity'],
  ])('an unknown id %s exits 2 naming the nearest id %s', async (query, nearest) => {
    const result = await tableRun(repo, ['rules', 'show', query], sampleOf('majordomus.policy-integrty', query));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`nearest: ${nearest};`);
  });
});

// -------------------------------------------------------------------------------------------- new

/** The `wrote`, `note:` and `next:` lines of `rules new`. */
function newOutput(result: RunResult): { wrote: string[]; notes: string[]; next: string | undefined } {
  const out = lines(result.stdout);
  return {
    wrote: printed(result.stdout, 'wrote'),
    notes: out.filter((line) => line.startsWith('note: ')),
    next: out.at(-1)?.match(/^next: edit (\S+), then majordomus doctor$/)?.[1],
  };
}

/** Doctor's findings of one rule (in process: the gate's verdict on what the command wrote). */
async function findingsOf(repo: TempRepo, rule: string): Promise<{ code: number; levels: string[] }> {
  const result = await gateInProcess(repo, 'doctor');
  return { code: result.code, levels: result.findings.filter((f) => f.rule === rule).map((f) => f.level) };
}

describe('rules new', () => {
  it('without a validator: an advisory principle that doctor accepts as written', async () => {
    const repo = adopted();
    const result = repo.run(['rules', 'new', 'changelog-entry']);
    expect(result.code).toBe(0);
    const file = `${PROJECT}/changelog-entry.v1.md`;
    expect(newOutput(result)).toEqual({ wrote: [file], notes: [], next: file });
    const text = repo.read(file);
    expect(frontMatter(text)).toEqual({
      id: 'project.changelog-entry',
      version: 1,
      kind: 'rule',
      title: expect.any(String),
      description: expect.any(String),
      statement: expect.any(String),
      status: 'active',
      class: 'advisory',
      depends_on: [],
      tags: ['project'],
    });
    const body = sections(text);
    expect([...body.keys()]).toEqual(RULE_SECTIONS);
    expect([...body.values()].every(Boolean)).toBe(true);
    expect(repo.exists(`${RULES_DIR}/tests/changelog-entry`)).toBe(false);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    const listed = jsonRows((await rulesListInProcess(repo)).stdout).at(-1);
    expect(listed).toMatchObject({
      id: 'project.changelog-entry',
      provenance: 'project',
      class: 'advisory',
      gates: [],
      validator: null,
      file,
    });
  });

  it('--validator wiring --gate doctor: the rule, its test directory, and doctor runs it', async () => {
    const repo = adopted();
    const result = repo.run(['rules', 'new', 'hooks-wired', '--validator', 'wiring', '--gate', 'doctor']);
    expect(result.code).toBe(0);
    const file = `${PROJECT}/hooks-wired.v1.md`;
    const tests = `${RULES_DIR}/tests/hooks-wired`;
    // wiring has no example cases: an empty repository, which it passes, is the valid case; the invalid one is the author's
    expect(newOutput(result)).toEqual({
      wrote: [file, `${tests}/README.md`, `${tests}/valid/example/README.md`, `${tests}/invalid/.gitkeep`],
      notes: [`note: no invalid case was written (add a folder under ${tests}/invalid/ that the rule fails; see its README.md)`],
      next: file,
    });
    expect((await cliInProcess(repo, ['rules', 'test', 'project.hooks-wired'])).code).toBe(0);
    const front = frontMatter(repo.read(file));
    expect(front).toMatchObject({
      id: 'project.hooks-wired',
      version: 1,
      class: 'blocking',
      status: 'active',
      depends_on: [],
      tags: ['project'],
    });
    expect(front['x-majordomus']).toEqual({
      validator: 'wiring',
      category: 'wiring',
      enforced_by: ['doctor'],
      exit_code: 10,
      tests: [tests],
    });
    expect(repo.read(`${tests}/README.md`)).toMatch(/valid\//);
    const doctor = await findingsOf(repo, 'project.hooks-wired');
    expect(doctor.code).toBe(0);
    expect(doctor.levels.length).toBeGreaterThan(0);
    expect(doctor.levels.every((level) => level === 'OK' || level === 'INFO')).toBe(true);
    expect(jsonRows((await rulesListInProcess(repo)).stdout).at(-1)).toMatchObject({
      id: 'project.hooks-wired',
      provenance: 'project',
      gates: ['doctor'],
      validator: 'wiring',
    });
  });

  it("without --gate: the validator's first gate; --class overrides the default", async () => {
    const repo = adopted();
    expect(repo.run(['rules', 'new', 'policy-again', '--validator', 'policy', '--class', 'advisory']).code).toBe(0);
    const front = frontMatter(repo.read(`${PROJECT}/policy-again.v1.md`));
    expect(front.class).toBe('advisory');
    expect((front['x-majordomus'] as { enforced_by: string[] }).enforced_by).toEqual([registered.policy!.gates[0]]);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('several --gate values are written in order', async () => {
    const repo = adopted();
    expect(repo.run(['rules', 'new', 'policy-watched', '--validator', 'policy', '--gate', 'watch', '--gate', 'doctor']).code).toBe(0);
    expect((frontMatter(repo.read(`${PROJECT}/policy-watched.v1.md`))['x-majordomus'] as { enforced_by: string[] }).enforced_by).toEqual([
      'watch',
      'doctor',
    ]);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect((await gateInProcess(repo, 'watch')).code).toBe(0);
  });

  const withExamples = Object.values(registered).filter((v) => v.optionsSchema !== undefined && v.exampleOptions !== undefined);
  /** Validators that run only at brainstorm gates: a rule naming one judges a session folder, and doctor never runs it. */
  const onlyBrainstorm = (v: Validator): boolean => v.gates.every((gate) => BRAINSTORM_GATES.includes(gate));
  const generic = withExamples.filter((v) => !onlyBrainstorm(v));
  const brainstormOnly = withExamples.filter(onlyBrainstorm);

  it('the generic validators paths, document_schema and content are registered with example options', () => {
    expect(generic.map((v) => v.name).sort()).toEqual(expect.arrayContaining(['content', 'document_schema', 'paths']));
  });

  it("the brainstorm pack's seven validators run only at the brainstorm gates, and each has example options", () => {
    expect(brainstormOnly.map((v) => v.name).sort()).toEqual([
      'brainstorm_forks',
      'brainstorm_ledger',
      'brainstorm_manifest',
      'brainstorm_ops',
      'brainstorm_state',
      'brainstorm_sync',
      'brainstorm_thesis',
    ]);
  });

  it.each(brainstormOnly.map((v) => [v.name]))(
    '--validator %s writes its example options at its first gate, which doctor does not run; rules list shows it',
    async (name) => {
      const repo = adopted();
      const slug = `example-${name.replace(/_/g, '-')}`;
      const result = await tableRun(repo, ['rules', 'new', slug, '--validator', name], sampleOf(brainstormOnly[0]!.name, name, twin));
      expect(result.code).toBe(0);
      const file = `${PROJECT}/${slug}.v1.md`;
      expect(newOutput(result).wrote[0]).toBe(file);
      const x = frontMatter(repo.read(file))['x-majordomus'] as Record<string, unknown>;
      expect(x.options).toEqual(registered[name]!.exampleOptions);
      expect(x.category).toBe(name.replace(/_/g, '-'));
      expect(x.enforced_by).toEqual([registered[name]!.gates[0]]);
      expect(registered[name]!.gates[0]).toBe('session');
      // doctor loads the rule (a rule that did not load would refuse the set) but does not run it
      const doctor = await findingsOf(repo, `project.${slug}`);
      expect(doctor.code).toBe(0);
      expect(doctor.levels).toEqual([]);
      const listed = jsonRows((await rulesListInProcess(repo)).stdout).at(-1);
      expect(listed).toMatchObject({
        id: `project.${slug}`,
        version: 1,
        provenance: 'project',
        status: 'active',
        gates: ['session'],
        validator: name,
        file,
      });
    },
  );

  it('--validator brainstorm_ops --gate move: the gate written is the one asked for', async () => {
    const repo = adopted();
    expect(repo.run(['rules', 'new', 'ops-at-move', '--validator', 'brainstorm_ops', '--gate', 'move']).code).toBe(0);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect(jsonRows((await rulesListInProcess(repo)).stdout).at(-1)).toMatchObject({
      id: 'project.ops-at-move',
      gates: ['move'],
      validator: 'brainstorm_ops',
    });
  });

  it.each(generic.map((v) => [v.name]))('--validator %s writes its example options and doctor passes as written', async (name) => {
    const repo = adopted();
    const slug = `example-${name.replace(/_/g, '-')}`;
    const result = await tableRun(repo, ['rules', 'new', slug, '--validator', name], sampleOf(generic[0]!.name, name, twin));
    expect(result.code).toBe(0);
    const x = frontMatter(repo.read(`${PROJECT}/${slug}.v1.md`))['x-majordomus'] as Record<string, unknown>;
    expect(x.options).toEqual(registered[name]!.exampleOptions);
    expect(x.category).toBe(name.replace(/_/g, '-'));
    const doctor = await findingsOf(repo, `project.${slug}`);
    expect(doctor.code).toBe(0);
    // a validator that runs only where a task finishes (profile_requirements) reports nothing at doctor
    if (registered[name]!.gates.includes('doctor')) expect(doctor.levels.length).toBeGreaterThan(0);
    expect(doctor.levels).not.toContain('FAIL');
  });

  const cased = generic.filter((v) => v.exampleCases !== undefined).map((v) => v.name);
  it.each(cased.map((name) => [name]))(
    '--validator %s scaffolds a valid and an invalid case, and rules test then passes on them (0)',
    async (name) => {
      const repo = adopted();
      const slug = `cased-${name.replace(/_/g, '-')}`;
      const tests = `${RULES_DIR}/tests/${slug}`;
      const made = await tableRun(repo, ['rules', 'new', slug, '--validator', name], sampleOf(cased[0], name, twin));
      expect(made.code).toBe(0);
      expect(newOutput(made).notes.filter((note) => note.includes('case'))).toEqual([]);
      for (const [kind, files] of Object.entries(registered[name]!.exampleCases!))
        for (const [path, text] of Object.entries(files)) expect(repo.read(`${tests}/${kind}/example/${path}`)).toBe(text);
      // the verdict on what the command wrote, read in process
      const tested = await cliInProcess(repo, ['rules', 'test', `project.${slug}`, '--json']);
      expect(tested.code).toBe(0);
      const rows = tested.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { case: string; status: string });
      expect(rows.map((row) => [row.case, row.status])).toEqual([
        ['valid/example', 'ok'],
        ['invalid/example', 'ok'],
      ]);
    },
  );

  it('--validator paths in a fresh repository: the example reports here, so the rule is written advisory and doctor passes', async () => {
    const repo = adopted();
    const result = repo.run(['rules', 'new', 'required-files', '--validator', 'paths']);
    expect(result.code).toBe(0);
    const { notes } = newOutput(result);
    expect(notes).toHaveLength(1);
    expect(frontMatter(repo.read(`${PROJECT}/required-files.v1.md`)).class).toBe('advisory');
    const doctor = await findingsOf(repo, 'project.required-files');
    expect(doctor.code).toBe(0);
    expect(doctor.levels).toContain('WARN');
  });

  it('--validator paths where its example holds: blocking, and doctor reports it OK', async () => {
    const repo = adopted();
    for (const path of Object.values(registered.paths!.exampleOptions as Record<string, string[]>).flat()) repo.write(path, 'present\n');
    repo.git(['add', '-A']);
    repo.git(['commit', '-q', '--no-verify', '-m', 'adopt']);
    const result = repo.run(['rules', 'new', 'required-files', '--validator', 'paths']);
    expect(result.code).toBe(0);
    expect(newOutput(result).notes).toEqual([]);
    expect(frontMatter(repo.read(`${PROJECT}/required-files.v1.md`)).class).toBe('blocking');
    const doctor = await findingsOf(repo, 'project.required-files');
    expect(doctor.code).toBe(0);
    expect(doctor.levels).toContain('OK');
  });

  it('--class blocking is honoured even when the example reports here (with a note)', async () => {
    const repo = adopted();
    const result = repo.run(['rules', 'new', 'strict-files', '--validator', 'paths', '--class', 'blocking']);
    expect(result.code).toBe(0);
    expect(newOutput(result).notes).toHaveLength(1);
    expect(frontMatter(repo.read(`${PROJECT}/strict-files.v1.md`)).class).toBe('blocking');
    expect((await findingsOf(repo, 'project.strict-files')).levels).toContain('FAIL');
  });

  describe('refusals', () => {
    let repo: TempRepo;
    beforeAll(() => {
      repo = adopted();
    });

    it.each([['Bad'], ['bad_name'], ['1st'], ['a--b'], ['-a'], ['a-'], ['project.x'], ['a b']])(
      'the name %j exits 2 and writes nothing',
      async (name) => {
        const result = await tableRun(repo, ['rules', 'new', name], sampleOf('Bad', name));
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(repo.exists(`${PROJECT}/${name}.v1.md`)).toBe(false);
      },
    );

    it('an unknown validator exits 2 naming the nearest registered one', () => {
      const result = repo.run(['rules', 'new', 'typo', '--validator', 'wirng']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('nearest: wiring');
      expect(repo.exists(`${PROJECT}/typo.v1.md`)).toBe(false);
    });

    it.each([
      ['a gate the validator does not run at', ['--validator', 'wiring', '--gate', 'watch']],
      ['doctor for a validator of the brainstorm gates', ['--validator', 'brainstorm_ops', '--gate', 'doctor']],
      ['a brainstorm gate for a validator doctor runs', ['--validator', 'wiring', '--gate', 'session']],
      ['a name that is no gate', ['--validator', 'wiring', '--gate', 'nightly']],
      ['--gate without --validator', ['--gate', 'doctor']],
      ['a class that does not exist', ['--class', 'strict']],
    ])('%s exits 2 and writes nothing', async (what, args) => {
      const result = await tableRun(repo, ['rules', 'new', 'refused', ...args], sampleOf('a gate the validator does not run at', what));
      expect(result.code).toBe(2);
      expect(repo.exists(`${PROJECT}/refused.v1.md`)).toBe(false);
      expect(repo.exists(`${RULES_DIR}/tests/refused`)).toBe(false);
    });

    it('an existing file exits 15 and is never overwritten', () => {
      const file = `${PROJECT}/taken.v1.md`;
      repo.write(file, 'mine\n');
      const result = repo.run(['rules', 'new', 'taken', '--validator', 'wiring']);
      expect(result.code).toBe(15);
      expect(result.stderr).toContain(file);
      expect(repo.read(file)).toBe('mine\n');
      expect(repo.exists(`${RULES_DIR}/tests/taken`)).toBe(false);
      repo.remove(file);
    });

    it('a second `rules new` of the same name exits 15', () => {
      expect(repo.run(['rules', 'new', 'twice']).code).toBe(0);
      const before = repo.read(`${PROJECT}/twice.v1.md`);
      expect(repo.run(['rules', 'new', 'twice']).code).toBe(15);
      expect(repo.read(`${PROJECT}/twice.v1.md`)).toBe(before);
    });

    it('an identity another file already declares exits 15', () => {
      writePrinciple(repo, 'elsewhere.v1.md', 'project.claimed');
      const result = repo.run(['rules', 'new', 'claimed']);
      expect(result.code).toBe(15);
      expect(result.stderr).toContain(`${PROJECT}/elsewhere.v1.md`);
      expect(repo.exists(`${PROJECT}/claimed.v1.md`)).toBe(false);
    });

    it('exits 12 without a layer', () => {
      const bare = repos.create();
      expect(bare.run(['rules', 'new', 'anything']).code).toBe(12);
    });
  });
});

// ----------------------------------------------------------------------------------------- vendor

/** What `rules vendor` said about one pack. */
interface PackState {
  readonly state: 'current' | 'absent' | 'damaged' | 'different';
  /** The vendored copy's directory (all but current). */
  readonly dir?: string;
  /** The revision and rule count of a current copy. */
  readonly revision?: string;
  readonly rules?: number;
}

/** The one `rules vendor: <pack> …` line of each pack in `status` output, by pack. */
function packStates(stdout: string): Record<string, PackState> {
  const out: Record<string, PackState> = {};
  for (const line of lines(stdout).filter((l) => l.startsWith('rules vendor: '))) {
    const current = /^rules vendor: (\S+) (\S+), (\d+) rule\(s\), current$/.exec(line);
    const absent = /^rules vendor: (\S+): nothing is vendored under (\S+)$/.exec(line);
    const other = /^rules vendor: (\S+): the vendored copy under (\S+) (is damaged|differs)\b/.exec(line);
    const [vendor, state] = current
      ? [current[1]!, { state: 'current', revision: current[2]!, rules: Number(current[3]) } as const]
      : absent
        ? [absent[1]!, { state: 'absent', dir: absent[2]! } as const]
        : other
          ? [other[1]!, { state: other[3] === 'is damaged' ? 'damaged' : 'different', dir: other[2]! } as const]
          : [undefined, undefined];
    if (vendor === undefined) throw new Error(`not a pack line of rules vendor status: ${JSON.stringify(line)}`);
    expect(out[vendor], `one line for ${vendor}`).toBeUndefined();
    out[vendor] = state;
  }
  return out;
}

/** The difference lines `status` lists for `vendor` (`<vendor>: <change>`), without the prefix. */
function changesOf(stdout: string, vendor: string): string[] {
  return lines(stdout)
    .filter((line) => line.startsWith(`${vendor}: `))
    .map((line) => line.slice(vendor.length + 2));
}

/** The subjects of the integrity problems `status` lists (`<subject>: <message>`). */
function problemSubjects(stdout: string): string[] {
  return lines(stdout)
    .filter((line) => !line.startsWith('rules vendor: ') && !line.startsWith('majordomus: ') && !line.startsWith('brainstorm: '))
    .map((line) => line.slice(0, line.indexOf(': ')));
}

const shippedBaseline = manifest(readFileSync(join(SHIPPED, 'manifest.yaml'), 'utf8'));
const shippedBrainstorm = manifest(readFileSync(join(SHIPPED_BRAINSTORM, 'manifest.yaml'), 'utf8'));
const CURRENT_BASELINE: PackState = {
  state: 'current',
  revision: String(shippedBaseline.source_revision),
  rules: shippedBaseline.rules.length,
};
const CURRENT_BRAINSTORM: PackState = {
  state: 'current',
  revision: String(shippedBrainstorm.source_revision),
  rules: shippedBrainstorm.rules.length,
};

/** Every path the shipped package of `dir` writes into the repository. */
function packagePaths(dir: string, shipped: { rules: ManifestEntry[] }): string[] {
  return [`${dir}/manifest.yaml`, ...shipped.rules.map((e) => `${dir}/${e.file}`)].sort();
}

describe('rules vendor status', () => {
  it('a fresh copy: both packs current, each with its revision and rule count, exit 0', () => {
    const repo = adopted();
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toHaveLength(2);
    expect(packStates(result.stdout)).toEqual({ majordomus: CURRENT_BASELINE, brainstorm: CURRENT_BRAINSTORM });
    expect(shippedBrainstorm.rules).toHaveLength(18);
  });

  it('exits 12 when nothing at all is vendored, naming the baseline absent (a pack not held is not adopted)', () => {
    const repo = adopted();
    repo.remove(`${RULES_DIR}/vendor`);
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(12);
    expect(packStates(result.stdout)).toEqual({ majordomus: { state: 'absent', dir: VENDOR } });
    expect(result.stderr).toContain('run: majordomus rules vendor update');
  });

  it('exits 11 when the baseline is not vendored beside another adopted pack', () => {
    const repo = adopted();
    repo.remove(VENDOR);
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(11);
    expect(packStates(result.stdout)).toEqual({ majordomus: { state: 'absent', dir: VENDOR }, brainstorm: CURRENT_BRAINSTORM });
    expect(result.stderr).toContain('run: majordomus rules vendor update');
  });

  it('a repository that dropped the brainstorm pack: the baseline alone, current, exit 0', () => {
    const repo = adopted();
    repo.remove(BRAINSTORM);
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(0);
    expect(packStates(result.stdout)).toEqual({ majordomus: CURRENT_BASELINE });
  });

  it.each([
    ['a hand edit', (repo: TempRepo) => repo.write(POLICY_RULE, `${repo.read(POLICY_RULE)}\nedited\n`), POLICY_RULE],
    ['a missing listed file', (repo: TempRepo) => repo.remove(POLICY_RULE), POLICY_RULE],
    [
      'an unlisted rule file',
      (repo: TempRepo) => repo.write(`${VENDOR}/rules/stray.v1.md`, repo.read(POLICY_RULE)),
      `${VENDOR}/rules/stray.v1.md`,
    ],
    [
      'a manifest that does not parse',
      (repo: TempRepo) => repo.write(VENDOR_MANIFEST, `${repo.read(VENDOR_MANIFEST)}\n\tbroken: [\n`),
      VENDOR_MANIFEST,
    ],
    [
      'a manifest entry naming another identity',
      (repo: TempRepo) =>
        repo.write(
          VENDOR_MANIFEST,
          repo.read(VENDOR_MANIFEST).replace('id: majordomus.policy-integrity', 'id: majordomus.policy-integrity-renamed'),
        ),
      POLICY_RULE,
    ],
  ])('exits 10 when only the baseline is damaged, naming each integrity problem: %s', async (what, damage, subject) => {
    const repo = adopted();
    damage(repo);
    const result = await tableRun(repo, ['rules', 'vendor', 'status'], sampleOf('a hand edit', what));
    expect(result.code).toBe(10);
    expect(problemSubjects(result.stdout)).toContain(subject);
    expect(packStates(result.stdout)).toEqual({ majordomus: { state: 'damaged', dir: VENDOR }, brainstorm: CURRENT_BRAINSTORM });
    expect(result.stderr).toContain(VENDOR);
    expect(result.stderr).toContain('--force');
  });

  it.each([
    ['a hand edit', (repo: TempRepo) => repo.write(OPS_RULE, `${repo.read(OPS_RULE)}\nedited\n`), OPS_RULE],
    ['a missing listed file', (repo: TempRepo) => repo.remove(OPS_RULE), OPS_RULE],
  ])('exits 10 when only the brainstorm pack is damaged: %s', async (what, damage, subject) => {
    const repo = adopted();
    damage(repo);
    const result = await tableRun(repo, ['rules', 'vendor', 'status'], sampleOf('a hand edit', what));
    expect(result.code).toBe(10);
    expect(problemSubjects(result.stdout)).toEqual([subject]);
    expect(packStates(result.stdout)).toEqual({ majordomus: CURRENT_BASELINE, brainstorm: { state: 'damaged', dir: BRAINSTORM } });
    expect(result.stderr).toContain(BRAINSTORM);
    expect(result.stderr).toContain('--force');
  });

  it.each([
    [
      'the baseline damaged, the brainstorm pack missing',
      (repo: TempRepo) => (repo.write(POLICY_RULE, `${repo.read(POLICY_RULE)}\nedited\n`), repo.remove(BRAINSTORM)),
    ],
    [
      'the brainstorm pack damaged, the baseline different',
      (repo: TempRepo) => (repo.write(OPS_RULE, `${repo.read(OPS_RULE)}\nedited\n`), editConsistently(repo)),
    ],
  ])('a damaged copy outweighs a missing or different one: %s exits 10', async (what, damage) => {
    const repo = adopted();
    damage(repo);
    const sample = sampleOf('the baseline damaged, the brainstorm pack missing', what);
    expect((await tableRun(repo, ['rules', 'vendor', 'status'], sample)).code).toBe(10);
  });

  it('exits 11 listing each difference of the baseline when the distribution ships another package', async () => {
    const repo = adopted();
    editConsistently(repo);
    addListedRule(repo);
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(11);
    expect(changesOf(result.stdout, 'majordomus').sort()).toEqual(['changed majordomus.policy-integrity@1', `removed ${EXTRA_ID}@1`]);
    expect(changesOf(result.stdout, 'brainstorm')).toEqual([]);
    expect(packStates(result.stdout)).toEqual({ majordomus: { state: 'different', dir: VENDOR }, brainstorm: CURRENT_BRAINSTORM });
    // the copy is internally valid: doctor's integrity rule has nothing to say
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('exits 11 listing the difference of the brainstorm pack when only it differs', async () => {
    const repo = adopted();
    editConsistently(repo, 'rules/bs-ops-01.v1.md', BRAINSTORM);
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(11);
    expect(changesOf(result.stdout, 'brainstorm')).toEqual(['changed BS-OPS-01@1']);
    expect(changesOf(result.stdout, 'majordomus')).toEqual([]);
    expect(packStates(result.stdout)).toEqual({ majordomus: CURRENT_BASELINE, brainstorm: { state: 'different', dir: BRAINSTORM } });
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('exits 11 when only the order of the manifest differs', () => {
    const repo = adopted();
    const text = repo.read(VENDOR_MANIFEST);
    const first = manifestEntry(repo, shippedBaseline.rules[0]!.file);
    const second = manifestEntry(repo, shippedBaseline.rules[1]!.file);
    const all = text.split('\n');
    const swapped = [
      ...all.slice(0, first.start),
      ...all.slice(second.start, second.end + 1),
      ...all.slice(first.start, first.end + 1),
      ...all.slice(second.end + 1),
    ];
    repo.write(VENDOR_MANIFEST, swapped.join('\n'));
    const result = repo.run(['rules', 'vendor', 'status']);
    expect(result.code).toBe(11);
    expect(changesOf(result.stdout, 'majordomus')).toHaveLength(1);
    expect(packStates(result.stdout)).toEqual({ majordomus: { state: 'different', dir: VENDOR }, brainstorm: CURRENT_BRAINSTORM });
  });
});

describe('rules vendor update', () => {
  it('current copies: nothing written, one line per pack, exit 0', () => {
    const repo = adopted();
    const result = repo.run(['rules', 'vendor', 'update']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote')).toEqual([]);
    expect(printed(result.stdout, 'removed')).toEqual([]);
    const packs = lines(result.stdout).map((line) => /^rules vendor: (\S+) \S+, \d+ rule\(s\), current; nothing to write$/.exec(line)?.[1]);
    expect(packs.sort()).toEqual(['brainstorm', 'majordomus']);
  });

  it('refuses (15) over a hand edit, naming the file and --force, and changes nothing', () => {
    const repo = adopted();
    const edited = `${repo.read(POLICY_RULE)}\nedited\n`;
    repo.write(POLICY_RULE, edited);
    const result = repo.run(['rules', 'vendor', 'update']);
    expect(result.code).toBe(15);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(POLICY_RULE);
    expect(result.stderr).toContain('--force');
    expect(repo.read(POLICY_RULE)).toBe(edited);
  });

  it("refuses (15) over a hand edit of the brainstorm pack and writes neither pack, the baseline's difference included", () => {
    const repo = adopted();
    const edited = `${repo.read(OPS_RULE)}\nedited\n`;
    repo.write(OPS_RULE, edited);
    editConsistently(repo);
    const baseline = repo.read(POLICY_RULE);
    const result = repo.run(['rules', 'vendor', 'update']);
    expect(result.code).toBe(15);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(OPS_RULE);
    expect(result.stderr).toContain('--force');
    expect(repo.read(OPS_RULE)).toBe(edited);
    expect(repo.read(POLICY_RULE)).toBe(baseline);
  });

  it('--force restores a hand edit; doctor and status pass afterwards; a second run writes nothing', async () => {
    const repo = adopted();
    repo.write(POLICY_RULE, `${repo.read(POLICY_RULE)}\nedited\n`);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(10);
    const result = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote')).toEqual([POLICY_RULE]);
    expect(repo.read(POLICY_RULE)).toBe(readFileSync(join(SHIPPED, 'rules/policy-integrity.v1.md'), 'utf8'));
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect((await vendorStatusInProcess(repo)).code).toBe(0);
    const again = repo.run(['rules', 'vendor', 'update']);
    expect(again.code).toBe(0);
    expect(printed(again.stdout, 'wrote')).toEqual([]);
  });

  it('--force restores a hand edit of the brainstorm pack', async () => {
    const repo = adopted();
    repo.write(OPS_RULE, `${repo.read(OPS_RULE)}\nedited\n`);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(10);
    const result = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote')).toEqual([OPS_RULE]);
    expect(repo.read(OPS_RULE)).toBe(readFileSync(join(SHIPPED_BRAINSTORM, 'rules/bs-ops-01.v1.md'), 'utf8'));
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect((await vendorStatusInProcess(repo)).code).toBe(0);
  });

  it('--force removes an unlisted rule file', async () => {
    const repo = adopted();
    const stray = `${VENDOR}/rules/stray.v1.md`;
    repo.write(stray, repo.read(POLICY_RULE));
    expect(repo.run(['rules', 'vendor', 'update']).code).toBe(15);
    const result = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'removed')).toEqual([stray]);
    expect(repo.exists(stray)).toBe(false);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('a different but intact copy of this package is updated without --force: the edit rewritten, idempotent', async () => {
    const repo = adopted();
    editConsistently(repo);
    const result = repo.run(['rules', 'vendor', 'update']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote').sort()).toEqual([VENDOR_MANIFEST, POLICY_RULE].sort());
    expect(printed(result.stdout, 'removed')).toEqual([]);
    expect(repo.read(VENDOR_MANIFEST)).toBe(readFileSync(join(SHIPPED, 'manifest.yaml'), 'utf8'));
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect((await vendorStatusInProcess(repo)).code).toBe(0);
    const again = repo.run(['rules', 'vendor', 'update']);
    expect(again.code).toBe(0);
    expect(printed(again.stdout, 'wrote')).toEqual([]);
    expect(printed(again.stdout, 'removed')).toEqual([]);
  });

  it('an intact copy holding a rule this version does not ship: refused (15) listing what would go, unchanged; --force removes it and says so', async () => {
    const repo = adopted();
    editConsistently(repo);
    addListedRule(repo);
    const before = snapshotOf(repo, VENDOR);
    const refused = repo.run(['rules', 'vendor', 'update']);
    expect(refused.code).toBe(15);
    expect(refused.stdout).toBe('');
    expect(wouldLines(refused.stderr, 'remove')).toEqual([`${VENDOR}/${EXTRA_FILE}`]);
    expect(wouldLines(refused.stderr, 'replace').sort()).toEqual([VENDOR_MANIFEST, POLICY_RULE].sort());
    expect(snapshotOf(repo, VENDOR)).toEqual(before);
    const result = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote').sort()).toEqual([VENDOR_MANIFEST, POLICY_RULE].sort());
    expect(printed(result.stdout, 'removed')).toEqual([`${VENDOR}/${EXTRA_FILE}`]);
    expect(repo.exists(`${VENDOR}/${EXTRA_FILE}`)).toBe(false);
    expect(repo.read(VENDOR_MANIFEST)).toBe(readFileSync(join(SHIPPED, 'manifest.yaml'), 'utf8'));
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect(jsonRows((await rulesListInProcess(repo)).stdout).map((row) => row.id)).not.toContain(EXTRA_ID);
  });

  it('--force replaces a vendored file that is a symbolic link, never writing through it', async () => {
    const repo = adopted();
    const outside = repos.create({ git: false });
    outside.write('target.md', 'outside\n');
    repo.remove(POLICY_RULE);
    symlinkSync(outside.path('target.md'), repo.path(POLICY_RULE));
    const result = repo.run(['rules', 'vendor', 'update', '--force']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote')).toEqual([POLICY_RULE]);
    expect(outside.read('target.md')).toBe('outside\n');
    expect(lstatSync(repo.path(POLICY_RULE)).isSymbolicLink()).toBe(false);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it.each([
    ['only the baseline', VENDOR, packagePaths(VENDOR, shippedBaseline), shippedBrainstorm.rules.length],
    ['nothing at all', `${RULES_DIR}/vendor`, packagePaths(VENDOR, shippedBaseline), 0],
  ])(
    '%s missing: writes the baseline back, and no pack the repository does not hold; status, doctor and list pass afterwards',
    async (what, removed, expected, brainstormRules) => {
      const repo = adopted();
      repo.remove(removed);
      expect((await vendorStatusInProcess(repo)).code).not.toBe(0);
      const result = await tableRun(repo, ['rules', 'vendor', 'update'], sampleOf('only the baseline', what, twin));
      expect(result.code).toBe(0);
      expect(printed(result.stdout, 'wrote').sort()).toEqual(expected);
      expect(printed(result.stdout, 'removed')).toEqual([]);
      expect((await vendorStatusInProcess(repo)).code).toBe(0);
      expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
      const provenance = jsonRows((await rulesListInProcess(repo)).stdout).map((row) => row.provenance);
      expect(provenance.filter((p) => p === 'vendor:brainstorm')).toHaveLength(brainstormRules);
      expect(provenance.filter((p) => p === 'vendor:majordomus')).toHaveLength(shippedBaseline.rules.length);
    },
  );

  it('a dropped brainstorm pack stays dropped: update writes nothing', () => {
    const repo = adopted();
    repo.remove(BRAINSTORM);
    const result = repo.run(['rules', 'vendor', 'update']);
    expect(result.code).toBe(0);
    expect(printed(result.stdout, 'wrote')).toEqual([]);
    expect(repo.exists(BRAINSTORM)).toBe(false);
  });
});

// ------------------------------------------------------------------------------------- vendor add/remove

describe('rules vendor remove and add: dropping and adopting an optional pack', () => {
  /** Every path of the vendored brainstorm pack: its files, then its folders. */
  const brainstormPaths = [...packagePaths(BRAINSTORM, shippedBrainstorm), `${BRAINSTORM}/rules`, BRAINSTORM].sort();

  it('remove brainstorm, then add it back: each lists exactly the paths it removed or wrote; doctor and status 0 both times', async () => {
    const repo = adopted();
    const before = snapshotOf(repo, BRAINSTORM);
    const removed = repo.run(['rules', 'vendor', 'remove', 'brainstorm']);
    expect(removed.code).toBe(0);
    expect(printed(removed.stdout, 'removed').sort()).toEqual(brainstormPaths);
    expect(printed(removed.stdout, 'wrote')).toEqual([]);
    expect(repo.exists(BRAINSTORM)).toBe(false);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect((await vendorStatusInProcess(repo)).code).toBe(0);
    expect(jsonRows((await rulesListInProcess(repo)).stdout).filter((row) => row.provenance === 'vendor:brainstorm')).toEqual([]);

    const added = repo.run(['rules', 'vendor', 'add', 'brainstorm']);
    expect(added.code).toBe(0);
    expect(printed(added.stdout, 'wrote').sort()).toEqual(packagePaths(BRAINSTORM, shippedBrainstorm));
    expect(snapshotOf(repo, BRAINSTORM)).toEqual(before);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    expect(packStates((await vendorStatusInProcess(repo)).stdout)).toEqual({
      majordomus: CURRENT_BASELINE,
      brainstorm: CURRENT_BRAINSTORM,
    });
  });

  it('add of a pack already adopted and current: nothing to write, exit 0; remove of a pack not adopted: nothing to remove, exit 0', () => {
    const repo = adopted();
    const again = repo.run(['rules', 'vendor', 'add', 'brainstorm']);
    expect(again.code).toBe(0);
    expect(printed(again.stdout, 'wrote')).toEqual([]);
    expect(again.stdout).toContain('nothing to write');
    repo.remove(BRAINSTORM);
    const gone = repo.run(['rules', 'vendor', 'remove', 'brainstorm']);
    expect(gone.code).toBe(0);
    expect(printed(gone.stdout, 'removed')).toEqual([]);
  });

  it.each([
    ['remove of the baseline', ['remove', 'majordomus'], 15],
    ['add of a pack this version does not ship (the nearest named)', ['add', 'brainstrom'], 2],
    ['remove of a pack this version does not ship', ['remove', 'acme'], 2],
    ['add of the examples, which are never vendored', ['add', 'examples'], 2],
  ])('%s is refused (exit %s) and changes nothing', async (what, args, code) => {
    const repo = adopted();
    const before = snapshotOf(repo, `${RULES_DIR}/vendor`);
    const result = await tableRun(repo, ['rules', 'vendor', ...args], sampleOf('remove of the baseline', what));
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(snapshotOf(repo, `${RULES_DIR}/vendor`)).toEqual(before);
    if (args[1] === 'brainstrom') expect(result.stderr).toContain('nearest: brainstorm');
  });

  it('add over a copy that is there and not current: refused (15), unchanged', () => {
    const repo = adopted();
    repo.write(OPS_RULE, `${repo.read(OPS_RULE)}\nedited\n`);
    const before = snapshotOf(repo, BRAINSTORM);
    expect(repo.run(['rules', 'vendor', 'add', 'brainstorm']).code).toBe(15);
    expect(snapshotOf(repo, BRAINSTORM)).toEqual(before);
  });

  it.each([
    ['a hand edit', (repo: TempRepo) => repo.write(OPS_RULE, `${repo.read(OPS_RULE)}\nedited\n`)],
    ['a file the package does not list', (repo: TempRepo) => repo.write(`${BRAINSTORM}/NOTES.txt`, 'mine\n')],
  ])("remove over someone's work (%s): refused (15), unchanged; --force removes it all", async (what, change) => {
    const repo = adopted();
    change(repo);
    const before = snapshotOf(repo, BRAINSTORM);
    const refused = await tableRun(repo, ['rules', 'vendor', 'remove', 'brainstorm'], sampleOf('a hand edit', what));
    expect(refused.code).toBe(15);
    expect(refused.stderr).toContain('--force');
    expect(snapshotOf(repo, BRAINSTORM)).toEqual(before);
    const forced = await tableRun(repo, ['rules', 'vendor', 'remove', 'brainstorm', '--force'], sampleOf('a hand edit', what, twin));
    expect(forced.code).toBe(0);
    expect(repo.exists(BRAINSTORM)).toBe(false);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
  });

  it('remove of a pack whose rules a project rule depends on: refused (15), naming the rule, unchanged', async () => {
    const repo = adopted();
    writeRule(repo, `${PROJECT}/leans.v1.md`, [...ruleFront('project.leans'), 'depends_on: [BS-OPS-01@1]']);
    expect((await gateInProcess(repo, 'doctor')).code).toBe(0);
    const before = snapshotOf(repo, BRAINSTORM);
    const result = repo.run(['rules', 'vendor', 'remove', 'brainstorm']);
    expect(result.code).toBe(15);
    expect(result.stderr).toContain('project.leans@1');
    expect(snapshotOf(repo, BRAINSTORM)).toEqual(before);
  });

  it('init --extend leaves a dropped pack dropped', () => {
    const repo = adopted();
    expect(repo.run(['rules', 'vendor', 'remove', 'brainstorm']).code).toBe(0);
    const extend = repo.run(['init', '--extend']);
    expect(extend.code).toBe(0);
    expect(printed(extend.stdout, 'wrote')).toEqual([]);
    expect(repo.exists(BRAINSTORM)).toBe(false);
  });
});
