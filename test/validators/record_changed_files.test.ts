/**
 * record_changed_files (rule majordomus.record-changed-files): every case starts from `majordomus init`,
 * writes checkpoint and handover records as the publisher does, and runs `doctor --rule` in process. A classified record naming a path one of the layer's
 * declarations classifies out is a FAIL at its `changed_files` line; a record written before the
 * classification is counted in an INFO, never judged.
 */
import { afterAll } from 'vitest';
import type { Case } from '../helpers/cases';
import { edit } from '../helpers/cases';
import { describeGateCases, recordPath, STATE, writeRecord } from '../helpers/records';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.record-changed-files';
const SCOPE = '.ai/repo/scope.yaml';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const OK = { level: 'OK', category: 'records', subject: STATE } as const;
const HANDOVER = recordPath('handover');
const CHECKPOINT = recordPath('checkpoint');
const named = (path: string) => ({ level: 'FAIL', category: 'records', subject: path, file: path, at: 'changed_files:' }) as const;

function handover(...changed: string[]): (repo: TempRepo) => void {
  return (repo) => writeRecord(repo, 'handover', { changed_files: changed });
}

/** A record as a writer before the classification left it: no changed_files_excluded. */
function unclassified(...changed: string[]): (repo: TempRepo) => void {
  return (repo) => {
    const path = writeRecord(repo, 'handover', { changed_files: changed });
    repo.write(path, repo.read(path).replace('changed_files_excluded: 0\n', ''));
  };
}

const PASSING: readonly Case[] = [
  { name: 'no records', mutate: () => {}, expected: [OK] },
  { name: 'a record naming only the work', mutate: handover('src/a/x.ts', 'test/a.test.ts'), expected: [OK] },
  { name: 'a record naming nothing', mutate: handover(), expected: [OK] },
  {
    name: 'a record from before the classification, naming a projection: reported, not judged',
    mutate: unclassified('AGENTS.md', 'src/a/x.ts'),
    expected: [OK, { level: 'INFO', category: 'records', subject: STATE }],
  },
  {
    name: 'a generated path once the declaration is gone',
    mutate: (repo) => {
      edit(repo, SCOPE, "'package-lock.json', ", '');
      handover('package-lock.json')(repo);
    },
    expected: [OK],
  },
];

const FAILING: readonly (Case & { readonly cli?: boolean })[] = [
  { name: 'a projection target (policy-projections)', mutate: handover('src/a/x.ts', 'AGENTS.md'), expected: [named(HANDOVER)], cli: true },
  { name: 'build output (scope-out-paths)', mutate: handover('dist/app.js'), expected: [named(HANDOVER)] },
  { name: 'a generated file by name (scope-generated)', mutate: handover('package-lock.json'), expected: [named(HANDOVER)] },
  { name: 'the local half of the layer (scope-out-paths)', mutate: handover('.ai/local/state/ledger.jsonl'), expected: [named(HANDOVER)] },
  {
    name: 'a record store, when no other declaration covers it (record-store)',
    mutate: (repo) => {
      edit(repo, SCOPE, '    - .ai/local/\n', '');
      handover('.ai/local/state/decisions.md')(repo);
    },
    expected: [named(HANDOVER)],
  },
  {
    name: 'each classified record on its own, the unclassified one only counted',
    mutate: (repo) => {
      handover('CLAUDE.md', 'src/ok.ts', 'AGENTS.md')(repo);
      writeRecord(repo, 'checkpoint', { changed_files: ['dist/x.js'] }, 'a note\n');
      const old = writeRecord(repo, 'checkpoint', { changed_files: ['AGENTS.md'], created_at: '2026-01-01T00:00:00Z' }, 'old\n');
      repo.write(old, repo.read(old).replace('changed_files_excluded: 0\n', ''));
    },
    expected: [named(HANDOVER), named(HANDOVER), named(CHECKPOINT), { level: 'INFO', category: 'records', subject: STATE }],
  },
];

// the rule is enforced at doctor alone (records are judged once they exist, not while the tree moves)
describeGateCases(
  RULE,
  repos,
  'passing',
  PASSING.map((row) => ({ ...row, gate: 'doctor', code: 0 })),
);
describeGateCases(
  RULE,
  repos,
  'failing',
  FAILING.map((row) => ({ ...row, gate: 'doctor', code: 10 })),
);
