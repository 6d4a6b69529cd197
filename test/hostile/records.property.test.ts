/**
 * Random mutations of every layer file and every record, against their readers and the gates that
 * judge them. Each mutation is a few edits of a valid file as the tool writes it (a value replaced by a
 * hostile one: the wrong type, a path out of the repository, a control character, an alias, a tag, a
 * huge number; a fragment inserted; a line dropped, doubled, or the file cut short).
 *
 * Readers, in process, 1,000 runs each (RELIABILITY.md: fast-check's default is 100): a reader never
 * throws anything but its refusal (a DocumentError, or an error carrying an exit code) — which the CLI
 * would otherwise turn into exit 13 — and what it accepts has the shape its schema says.
 *
 * Gates, in process through the one gate entry with the rule that judges the file (fewer runs: each
 * is a gate): never exit 13 or 1, and never 0 while the file's own reader refuses it — a blocking rule
 * unmet is never a pass.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MajordomusError } from '../../engine/errors';
import type { RepositoryGateName } from '../../engine/generated/gates';
import type { KindName } from '../../engine/generated/kinds';
import { DocumentError } from '../../engine/io/document-error';
import { relativePathProblem } from '../../engine/io/paths';
import { WorkingTree } from '../../engine/io/tree';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { layoutFromManifest } from '../../engine/layer/layout';
import { checkSchema } from '../../engine/layer/schema-check';
import { parseYaml } from '../../engine/layer/yaml';
import { loadRuleText } from '../../engine/ruleset/rules';
import { readOpen } from '../../engine/state/kernel/episode';
import { judgeSources } from '../../engine/state/knowledge/sources';
import { parseLedger } from '../../engine/state/ledger/read';
import { parseDecisions } from '../../engine/state/records/decisions';
import { parseQuestions } from '../../engine/state/records/questions';
import { parseRecord } from '../../engine/state/records/record';
import { readCurrentTask } from '../../engine/state/tasks/current';
import { parseUseCase } from '../../engine/usecases/format';
import { gateInProcess } from '../helpers/gate';
import { sh, useCaseText } from '../helpers/hostile';
import { committedAdoption, copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { ROOT, repoFactory } from '../helpers/repo';

const READER_RUNS = { numRuns: 1000 } as const;
const GATE_RUNS = { numRuns: Number(process.env.MAJORDOMUS_TEST_GATE_RUNS ?? 40) } as const;

/** Values a hostile hand puts where a value was. */
const HOSTILE_VALUES = [
  '',
  '~',
  'null',
  '[]',
  '{}',
  '[a, b]',
  '0',
  '-1',
  '1.5',
  '99999999999999999999999',
  '.inf',
  '0x1f',
  'true',
  'NO',
  '"a/../../../etc"',
  '"/etc/passwd"',
  '"C:\\\\x"',
  '"\\u0000"',
  '"\\u202e"',
  '"\\ufffd"',
  '&a x',
  '*a',
  '!!binary aGk=',
  '!custom x',
  '|\n  a block',
  '\n  nested: 1',
  '\n  - item',
  '"x"x',
  `"${'x'.repeat(3000)}"`,
  '__proto__',
  '2026-13-45T99:99:99Z',
  '"t-20260101000000-abcd"',
] as const;

/** Fragments inserted anywhere. */
const FRAGMENTS = [
  '\n',
  ': ',
  '- ',
  '  ',
  '\t',
  '---\n',
  '#',
  '"',
  "'",
  '{',
  '[',
  '&x ',
  '*x',
  '!!str ',
  '\u0000',
  '\r',
  '\ufeff',
  'é',
  '__proto__: 1\n',
  'x: 1\n',
  '<<: *x\n',
] as const;

type Edit =
  | { readonly kind: 'value'; readonly line: number; readonly value: string }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'drop' | 'double'; readonly line: number }
  | { readonly kind: 'cut'; readonly at: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('value' as const), line: fc.nat(), value: fc.constantFrom(...HOSTILE_VALUES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...FRAGMENTS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('drop' as const, 'double' as const), line: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }) },
);
const edits = fc.array(edit, { minLength: 1, maxLength: 3 });

/** `text` with `changes` applied, each at a position taken modulo the text's size. */
function mutate(text: string, changes: readonly Edit[]): string {
  let out = text;
  for (const change of changes) {
    const lines = out.split('\n');
    switch (change.kind) {
      case 'value': {
        // the value of a `key: value` line (or a list item) is replaced; a line of neither kind gets it appended
        const at = change.line % lines.length;
        const line = lines[at]!;
        const match = /^(\s*(?:- )?[^:\s][^:]*:)( .*)?$/.exec(line) ?? /^(\s*-)( .*)?$/.exec(line);
        lines[at] = match ? `${match[1]} ${change.value}` : `${line} ${change.value}`;
        out = lines.join('\n');
        break;
      }
      case 'insert': {
        const at = change.at % (out.length + 1);
        out = `${out.slice(0, at)}${change.text}${out.slice(at)}`;
        break;
      }
      case 'drop':
        lines.splice(change.line % lines.length, 1);
        out = lines.join('\n');
        break;
      case 'double': {
        const at = change.line % lines.length;
        lines.splice(at, 0, lines[at]!);
        out = lines.join('\n');
        break;
      }
      case 'cut':
        out = out.slice(0, change.at % (out.length + 1));
        break;
    }
  }
  return out;
}

/** What a reader may throw: its refusal, never a bug. */
function expectRefusalOnly(read: () => unknown): void {
  try {
    read();
  } catch (error) {
    if (error instanceof DocumentError || error instanceof MajordomusError) return;
    throw error;
  }
}

const fixture = (name: string): string => readFileSync(join(ROOT, 'test/fixtures/state', name), 'utf8');

const scratch = mkdtempSync(join(tmpdir(), 'majordomus-property-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const put = (path: string, text: string): void => {
  mkdirSync(dirname(join(scratch, path)), { recursive: true });
  writeFileSync(join(scratch, path), text);
};

/** A task record as start writes it. */
const TASK = [
  'id: "t-20261201222051-acf5"',
  'task: "teach the parser"',
  'profile: "implementation"',
  'owner: "Alice"',
  'scope:',
  '  - "src"',
  'started_at: "2026-12-01T22:20:51Z"',
  'outcome: "active"',
  `repository_id: "${scratch}/.git"`,
  `worktree: "${scratch}"`,
  'branch: "main"',
  'head: "aecf074269d5ffd756cecb894c3ffd6082deb9ae"',
  'working_tree: "clean"',
  '',
].join('\n');

const DECISIONS =
  '## 2026-12-01 — use the pipe\nTask: t-20261201222051-acf5\nHead: aecf074\nWhy: it streams\nRejected: -\nEvidence: -\nSupersedes: -\n';
const QUESTIONS =
  '- [unresolved] t-20261201222051-acf5 — which pipe? (2026-12-01)\n- [resolved 2026-12-01] t-20261201222051-acf5 — which file? — the short one\n';
const LEDGER =
  '{"ts":"2026-12-01T22:20:51Z","event":"task.started","head":null,"branch":"main","by":"majordomus/0.1.0","task_id":"t-20261201222051-acf5","profile":"implementation","owner":"Alice","scope":["src"]}\n';
const USE_CASE = useCaseText('a-case', ['doctor'], ['  - id: doctor', "    run: ['doctor']", '    expect:', '      exit: 0']);
const skeleton = (path: string): string => readFileSync(join(ROOT, 'share/skeleton/ai', path), 'utf8');

interface ReaderCase {
  readonly name: string;
  readonly text: string;
  read(text: string): void;
}

const READERS: readonly ReaderCase[] = [
  {
    name: 'the task record (readCurrentTask)',
    text: TASK,
    read: (text) => {
      put('.ai/local/state/current.yaml', text);
      const read = readCurrentTask(scratch, '.ai/local');
      if (read.status !== 'present') return;
      // what it accepts has its schema's shape: every scope entry a path in normal form
      for (const entry of read.task.scope) expect(relativePathProblem(entry)).toBeUndefined();
      expect(typeof read.task.id).toBe('string');
    },
  },
  {
    name: 'the open session (readOpen)',
    text: fixture('open-session.yaml'),
    read: (text) => {
      put('.ai/local/state/sessions-open/hand.yaml', text);
      const read = readOpen(scratch, '.ai/local', 'hand');
      if (read.status === 'present') expect(typeof read.session.session_id).toBe('string');
    },
  },
  {
    name: 'the closed session record (front matter, session/v1)',
    text: fixture('session-record.md'),
    read: (text) => {
      const doc = parseFrontMatter(text, 'record.md').data;
      if (checkSchema('session-record', doc).length > 0) return;
      // a record the schema accepts: every path in normal form (the list keys are optional)
      const value = doc.value as { changed_files?: string[]; checkpoints?: string[]; handovers?: string[] };
      for (const path of [...(value.changed_files ?? []), ...(value.checkpoints ?? []), ...(value.handovers ?? [])])
        expect(relativePathProblem(path)).toBeUndefined();
    },
  },
  { name: 'a checkpoint (parseRecord)', text: fixture('checkpoint.md'), read: (text) => void parseRecord('checkpoint', 'c.md', text) },
  { name: 'a handover (parseRecord)', text: fixture('handover.md'), read: (text) => void parseRecord('handover', 'h.md', text) },
  { name: 'the decisions store (parseDecisions)', text: DECISIONS, read: (text) => void parseDecisions(text) },
  { name: 'the questions store (parseQuestions)', text: QUESTIONS, read: (text) => void parseQuestions(text) },
  { name: 'the ledger (parseLedger)', text: LEDGER, read: (text) => void parseLedger(Buffer.from(text)) },
  {
    name: 'the knowledge sources (judgeSources)',
    text: skeleton('repo/knowledge/sources.yaml'),
    read: (text) => void judgeSources(parseYaml(text, 'sources.yaml')),
  },
  { name: 'a use case (parseUseCase)', text: USE_CASE, read: (text) => void parseUseCase(text, 'a-case.md') },
  {
    name: 'the manifest (layoutFromManifest)',
    text: skeleton('manifest.yaml'),
    read: (text) => void layoutFromManifest(scratch, new WorkingTree(scratch), text),
  },
  ...(
    [
      ['the policy', 'repo/policy.yaml', 'policy'],
      ['the scope file', 'repo/scope.yaml', 'scope'],
      ['a profile', 'repo/profiles/implementation.yaml', 'profile'],
    ] as const
  ).map(
    ([name, path, kind]): ReaderCase => ({
      name: `${name} (parseYaml, checkSchema ${kind})`,
      text: skeleton(path),
      read: (text) => void checkSchema(kind as KindName, parseYaml(text, path)),
    }),
  ),
  {
    name: 'a rule file (loadRuleText)',
    text: readFileSync(join(ROOT, 'rules/majordomus/rules/ai-layout-integrity.v1.md'), 'utf8'),
    read: (text) => void loadRuleText(text, 'r.md', { origin: 'project' }),
  },
  {
    name: 'a rule package manifest (parseYaml, checkSchema rule-package)',
    text: readFileSync(join(ROOT, 'rules/majordomus/manifest.yaml'), 'utf8'),
    read: (text) => void checkSchema('rule-package', parseYaml(text, 'manifest.yaml')),
  },
];

describe('every reader, 1,000 mutations each: its refusal, or a record of its schema, never a throw', () => {
  it.each(READERS)('$name', (reader) => {
    reader.read(reader.text);
    fc.assert(
      fc.property(edits, (changes) => {
        expectRefusalOnly(() => reader.read(mutate(reader.text, changes)));
      }),
      READER_RUNS,
    );
  });
});

/** A file a gate judges, the rule judging it, and its own reader's verdict (true: the reader refuses it). */
interface GateCase {
  readonly name: string;
  readonly gate: RepositoryGateName;
  readonly rule: string;
  /** Where the file goes (the repository's own when undefined: found after the setup). */
  file(repo: TempRepo): string;
  readonly setup: readonly string[];
  refused(text: string, repo: TempRepo): boolean;
}

const refuses = (read: () => unknown): boolean => {
  try {
    read();
    return false;
  } catch (error) {
    if (error instanceof DocumentError || error instanceof MajordomusError) return true;
    throw error;
  }
};
const firstIn = (repo: TempRepo, dir: string): string => {
  const name = readdirSync(repo.path(dir)).find((entry) => entry.endsWith('.md'));
  return `${dir}/${name}`;
};

const GATES: readonly GateCase[] = [
  {
    name: 'the task record at check',
    gate: 'check',
    rule: 'majordomus.state-consistency',
    setup: ['$M start work --scope src'],
    file: () => '.ai/local/state/current.yaml',
    refused: (text, repo) => {
      writeFileSync(repo.path('.ai/local/state/current.yaml'), text);
      return readCurrentTask(repo.dir, '.ai/local').status === 'unreadable';
    },
  },
  {
    name: 'a session record at doctor',
    gate: 'doctor',
    rule: 'majordomus.session-records',
    setup: ['$M session start', "printf 'summary\\n' | $M session close"],
    file: (repo) => firstIn(repo, '.ai/repo/sessions'),
    refused: (text) =>
      refuses(() => parseFrontMatter(text, 'r.md')) || checkSchema('session-record', parseFrontMatter(text, 'r.md').data).length > 0,
  },
  {
    name: 'a checkpoint at doctor',
    gate: 'doctor',
    rule: 'majordomus.handover-integrity',
    setup: ['$M start work --scope src', "printf '# Objective\\nx\\n' | $M checkpoint"],
    file: (repo) => firstIn(repo, '.ai/local/state/checkpoints'),
    refused: (text) => refuses(() => parseRecord('checkpoint', 'c.md', text)),
  },
  {
    name: 'the questions store at doctor',
    gate: 'doctor',
    rule: 'majordomus.questions-store-integrity',
    setup: ['$M start work --scope src', '$M question add "which pipe?"'],
    file: () => '.ai/local/state/open-questions.md',
    refused: (text) => parseQuestions(text).malformed.length > 0,
  },
  {
    name: 'the decisions store at doctor (no exit 13 or 1; its entries are judged field by field)',
    gate: 'doctor',
    rule: 'majordomus.decision-records',
    setup: ['$M start work --scope src', '$M decision add "use the pipe" --why "it streams"'],
    file: () => '.ai/local/state/decisions.md',
    refused: () => false,
  },
  {
    name: 'a use case at doctor',
    gate: 'doctor',
    rule: 'majordomus.use-case-coverage',
    setup: [],
    file: (repo) => {
      repo.write('.ai/repo/use-cases/a-case.md', USE_CASE);
      return '.ai/repo/use-cases/a-case.md';
    },
    refused: (text) => parseUseCase(text, 'a-case.md').problems.length > 0,
  },
  {
    name: 'the policy at doctor',
    gate: 'doctor',
    rule: 'majordomus.policy-integrity',
    setup: [],
    file: () => '.ai/repo/policy.yaml',
    refused: (text) => refuses(() => parseYaml(text, 'policy.yaml')) || checkSchema('policy', parseYaml(text, 'policy.yaml')).length > 0,
  },
  {
    name: 'the scope file at doctor',
    gate: 'doctor',
    rule: 'majordomus.scope-file-integrity',
    setup: [],
    file: () => '.ai/repo/scope.yaml',
    refused: (text) => refuses(() => parseYaml(text, 'scope.yaml')) || checkSchema('scope', parseYaml(text, 'scope.yaml')).length > 0,
  },
  {
    name: 'the knowledge sources at doctor',
    gate: 'doctor',
    rule: 'majordomus.knowledge-integrity',
    setup: [],
    file: () => '.ai/repo/knowledge/sources.yaml',
    refused: (text) => refuses(() => parseYaml(text, 'sources.yaml')) || judgeSources(parseYaml(text, 'sources.yaml')).problems.length > 0,
  },
];

describe('every gate over a mutated file: never 13 or 1, never 0 while the file is refused', () => {
  const repos = repoFactory();
  afterAll(() => repos.disposeAll());
  const prepared = new Map<string, { repo: TempRepo; file: string; text: string }>();
  beforeAll(() => {
    // one committed adoption, and one with the task most setups start, each made once and copied
    const adopted = committedAdoption(repos, 'adopt');
    const START = '$M start work --scope src';
    let started: TempRepo | undefined;
    for (const gate of GATES) {
      let repo: TempRepo;
      if (gate.setup[0] === START) {
        if (!started) {
          started = adopted();
          expect(sh(started.dir, START).code, START).toBe(0);
        }
        repo = copyOf(repos, started);
      } else repo = adopted();
      for (const step of gate.setup[0] === START ? gate.setup.slice(1) : gate.setup) expect(sh(repo.dir, step).code, step).toBe(0);
      const file = gate.file(repo);
      prepared.set(gate.name, { repo, file, text: repo.read(file) });
    }
  });

  it.each(GATES)('$name', async (gate) => {
    const { repo, file, text } = prepared.get(gate.name)!;
    await fc.assert(
      fc.asyncProperty(edits, async (changes) => {
        const mutated = mutate(text, changes);
        const refused = gate.refused(mutated, repo);
        repo.write(file, mutated);
        const run = await gateInProcess(repo, gate.gate, { rule: gate.rule });
        expect([0, 2, 10, 11, 12], `${gate.name}: exit ${run.code} ${run.stderr}`).toContain(run.code);
        if (refused) expect(run.code, `${gate.name}: a refused file passed:\n${mutated}`).not.toBe(0);
      }),
      GATE_RUNS,
    );
    repo.write(file, text);
  });
});
