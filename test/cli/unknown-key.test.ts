/**
 * What `doctor` says of a misspelt key, for every kind the layer reads: the finding names the key and
 * the nearest key its mapping allows. One adopted repository holds one misspelling of each kind, and
 * one doctor run reports them all (the in-process table is test/layer/schema-check.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonFinding } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const RULE = '.ai/repo/rules/project/kept-notes.v1.md';

// [kind, file, category, the edit, the key reported, the nearest allowed key]
const CASES: readonly [string, string, string, (text: string) => string, string, string][] = [
  ['policy', '.ai/repo/policy.yaml', 'policy', (text) => `${text}verson: 1\n`, 'verson', 'version'],
  ['profile', '.ai/repo/profiles/implementation.yaml', 'policy', (text) => `${text}verbosty: low\n`, 'verbosty', 'verbosity'],
  ['scope', '.ai/repo/scope.yaml', 'scope', (text) => `${text}outt: []\n`, 'outt', 'out'],
  ['manifest', '.ai/manifest.yaml', 'layout', (text) => `${text}contex: 1\n`, 'contex', 'context'],
  ['rule front matter', RULE, 'rules', (text) => text.replace(/^title:/m, 'titel:'), 'titel', 'title'],
  [
    'rule package manifest',
    '.ai/repo/rules/vendor/majordomus/manifest.yaml',
    'rules',
    (text) => text.replace(/^source_revision:/m, 'source_revison:'),
    'source_revison',
    'source_revision',
  ],
];

let code: number;
let findings: JsonFinding[];

beforeAll(() => {
  const repo = repos.create().init();
  expect(repo.run(['rules', 'new', 'kept-notes']).code).toBe(0);
  for (const [, file, , edit] of CASES) {
    const before = repo.read(file);
    const after = edit(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    repo.write(file, after);
  }
  ({ code, findings } = repo.gate(['doctor']));
});

describe('doctor names the nearest allowed key of an unknown one', () => {
  it('fails with 10', () => {
    expect(code).toBe(10);
  });

  it.each(CASES)('%s: FAIL in %s, category %s', (_kind, file, category, _edit, key, nearest) => {
    const unknown = findings.filter((finding) => finding.file === file && finding.message.includes(`unknown key \`${key}\``));
    expect(unknown.map((finding) => [finding.level, finding.category])).toEqual([['FAIL', category]]);
    expect(unknown[0]!.line).toBeGreaterThan(0);
    expect(unknown[0]!.message).toContain(`unknown key \`${key}\` (did you mean \`${nearest}\`?)`);
  });
});
