/**
 * A long-lived repository, from the packed tarball installed as a dev dependency (the tool only in
 * node_modules/.bin): a ledger grown far past its cap never refuses a commit through the installed
 * hooks, and the command the hook names brings it back under the cap without deleting a line.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FieldProject } from '../helpers/field';

const LEDGER = '.ai/local/state/ledger.jsonl';

/** An adopted project, committed through its hooks. */
function adopted(): FieldProject {
  const project = new FieldProject();
  expect(project.majordomus(['init']).code).toBe(0);
  expect(project.commitAll('adopt majordomus').code).toBe(0);
  return project;
}

describe('a long-lived repository, installed from the tarball', () => {
  it('a 20,000-line ledger: the commit goes through the hooks, and history --rotate as named archives the excess', () => {
    const project = adopted();
    expect(project.majordomus(['start', 'a long task', '--scope', '.']).code).toBe(0);
    const [line] = project.read(LEDGER).split('\n');
    project.write(LEDGER, `${Array.from({ length: 20_000 }, () => line).join('\n')}\n`);
    project.write('src/work.txt', 'a change\n');
    const commit = project.commitAll('work on a long-lived repository');
    expect(commit.code, commit.stderr).toBe(0);
    expect(commit.stderr).toMatch(/^WARN retention +\.ai\/local\/state\/ledger\.jsonl — .*majordomus history --rotate/m);
    expect(project.git(['rev-list', '--count', 'HEAD']).stdout.trim()).toBe('2');
    const rotate = project.majordomus(['history', '--rotate']);
    expect(rotate.code, rotate.stderr).toBe(0);
    expect(project.read(LEDGER).split('\n').length - 1).toBe(5_000);
    const archived = readdirSync(join(project.dir, '.ai/local/state')).filter((name) => name.endsWith('.jsonl.archived'));
    expect(archived).toHaveLength(1);
    expect(project.read(`.ai/local/state/${archived[0]}`).split('\n').length - 1).toBe(15_001);
    expect(project.majordomus(['doctor', '--rule', 'majordomus.ledger-retention', '--json']).stdout).toContain('"level":"OK"');
  });
});
