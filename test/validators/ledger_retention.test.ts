/**
 * ledger_retention (rule majordomus.ledger-retention, advisory, doctor and watch): the ledger's size is
 * a WARN naming `majordomus history --rotate`, never a refused gate — doctor and watch exit 0 over the
 * cap, and a policy without the key is a WARN on the policy file. In process through `doctor --rule`,
 * from `majordomus init`; the ledgers are written as the appender writes them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { edit, lineOf } from '../helpers/cases';
import { gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const RULE = 'majordomus.ledger-retention';
const POLICY = '.ai/repo/policy.yaml';
const LEDGER = '.ai/local/state/ledger.jsonl';
const CAP = '  retention_max_lines: 5000\n';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

/** `n` well-formed ledger lines, as the appender writes them. */
function lines(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) {
    text += `${JSON.stringify({ ts: '2026-11-01T00:00:00Z', event: 'task.checkpoint', head: null, branch: 'main', by: 'test', task_id: `t-${i}` })}\n`;
  }
  return text;
}

function adopted(cap: string | undefined, ledger: string | undefined): TempRepo {
  const repo = repos.create().init();
  if (cap !== undefined) edit(repo, POLICY, CAP, cap);
  if (ledger !== undefined) repo.write(LEDGER, ledger);
  return repo;
}

const seen = (run: { findings: { level: string; category: string; subject: string }[] }) =>
  run.findings.map((f) => [f.level, f.category, f.subject]);

describe('ledger_retention', () => {
  it('no ledger yet: OK', async () => {
    const run = await gateInProcess(adopted(undefined, undefined), 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(seen(run)).toEqual([['OK', 'retention', LEDGER]]);
  });

  it('a ledger exactly at its cap, its last line torn: OK', async () => {
    const run = await gateInProcess(adopted('  retention_max_lines: 3\n', `${lines(2)}{"ts"`), 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(seen(run)).toEqual([['OK', 'retention', LEDGER]]);
  });

  it('a ledger over its cap is a WARN naming history --rotate; doctor exits 0', async () => {
    const run = await gateInProcess(adopted('  retention_max_lines: 3\n', lines(4)), 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(seen(run)).toEqual([['WARN', 'retention', LEDGER]]);
    expect(run.findings[0]!.message).toContain('majordomus history --rotate');
  });

  it('the 5,000-line cap of the skeleton passed by a 20,000-line ledger: WARN, exit 0, under watch too', async () => {
    const repo = adopted(undefined, lines(20_000));
    const doctor = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(doctor.code).toBe(0);
    expect(seen(doctor)).toEqual([['WARN', 'retention', LEDGER]]);
    const watch = await gateInProcess(repo, 'watch', { rule: RULE });
    expect(watch.code).toBe(0);
    expect(seen(watch)).toEqual([['WARN', 'retention', LEDGER]]);
  });

  it('the advice is true: history --rotate brings the ledger back under the cap, and the rule says OK', async () => {
    const repo = adopted('  retention_max_lines: 3\n', lines(10));
    const rotate = repo.run(['history', '--rotate', '--json']);
    expect(rotate.code, rotate.stderr).toBe(0);
    expect(JSON.parse(rotate.stdout)).toMatchObject({ rotated: true, archived: 8, kept: 2 });
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(seen(run)).toEqual([['OK', 'retention', LEDGER]]);
  });

  it('a policy without the key: a WARN on the policy file, at its ledger block', async () => {
    const repo = adopted('', undefined);
    const run = await gateInProcess(repo, 'doctor', { rule: RULE });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.level, f.subject, f.file, f.line])).toEqual([
      ['WARN', POLICY, POLICY, lineOf(repo, POLICY, 'ledger:')],
    ]);
  });

  it('the blocking retention rule no longer counts the ledger: a 20,000-line ledger passes it', async () => {
    const run = await gateInProcess(adopted(undefined, lines(20_000)), 'doctor', { rule: 'majordomus.retention-caps' });
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.level)).toEqual(['OK']);
  });
});
