/**
 * The MCP server's writers and refusals, driven by the SDK's client over stdio: a writer writes what its
 * command writes (the record, the ledger line) and answers what `--json` prints; a refusal is
 * `isError` with the exit code and the message the command prints; `--read-only` and an unserved toolset
 * refuse every writer; a budget too small is refused with the figure; malformed calls are answered with
 * errors and the server goes on serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../engine/capabilities/index';
import { estimateTokens } from '../../engine/mcp/host';
import type { Served } from '../helpers/mcp';
import { call, expectFits, refusalOf, serve } from '../helpers/mcp';
import { copyOf } from '../helpers/prepared';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';
import { committedWithTask } from '../helpers/task';

const repos = repoFactory();
let source: TempRepo;
const servers: Served[] = [];
afterAll(async () => {
  for (const served of servers) await served.close();
  repos.disposeAll();
});

beforeAll(() => {
  source = committedWithTask(repos);
}, 60_000);

/** A copy of the prepared repository with a server on it (every toolset unless told). */
async function served(args: readonly string[] = ['--toolsets', 'all']): Promise<{ repo: TempRepo; server: Served }> {
  const repo = copyOf(repos, source);
  const server = await serve(repo.dir, args);
  servers.push(server);
  await server.client.listTools();
  return { repo, server };
}

const output = (name: string) => CAPABILITIES.find((capability) => capability.name === name)!.output;

function ledger(repo: TempRepo): Record<string, unknown>[] {
  return repo
    .read('.ai/local/state/ledger.jsonl')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The command's stderr as the tool's refusal text carries it, with the exit code after it. */
const asRefusal = (stderr: string, exit: number) => `${stderr.trimEnd()}\n(exit ${exit})`;

describe('writers', () => {
  it('decision_add writes the entry and its ledger line, and answers what `decision add --json` prints in a twin', async () => {
    const { repo, server } = await served();
    const twin = copyOf(repos, source);
    const args = { what: 'keep the parser strict', why: 'a lenient parser hides mistakes', rejected: ['a lenient parser'] };
    const result = await call(server, 'decision_add', args);
    expect(result.isError ?? false).toBe(false);
    const answer = result.structuredContent as { decision: string; file: string };
    expectFits(output('decision_add'), answer, 'decision_add');
    const cli = twin.run(['decision', 'add', args.what, '--why', args.why, '--rejected', args.rejected[0]!, '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(answer);
    expect(repo.read(answer.file)).toBe(twin.read(answer.file));
    expect(repo.read(answer.file)).toContain(`## ${answer.decision}`);
    const recorded = ledger(repo).filter((line) => line.event === 'decision.recorded');
    expect(recorded.map((line) => line.decision)).toEqual([answer.decision]);
  });

  it('question_add and question_resolve write the store and the ledger; a second answer is refused (15) as the command refuses it', async () => {
    const { repo, server } = await served();
    const opened = await call(server, 'question_add', { question: 'must the parser accept tabs?' });
    expect(opened.structuredContent).toMatchObject({ number: 1, question: 'must the parser accept tabs?' });
    const resolved = await call(server, 'question_resolve', { question: '1', answer: 'no' });
    expect(resolved.structuredContent).toMatchObject({ number: 1, answer: 'no' });
    expectFits(output('question_resolve'), resolved.structuredContent, 'question_resolve');
    expect(repo.read('.ai/local/state/open-questions.md')).toMatch(
      /^- \[resolved \d{4}-\d{2}-\d{2}\] t-\S+ — must the parser accept tabs\? — no$/m,
    );
    expect(ledger(repo).map((line) => line.event)).toEqual(expect.arrayContaining(['question.opened', 'question.resolved']));
    const again = refusalOf(await call(server, 'question_resolve', { question: '1', answer: 'yes' }));
    expect(again.exit).toBe(15);
    const cli = repo.run(['question', 'resolve', '1', '--answer', 'yes']);
    expect(cli.code).toBe(15);
    expect(again.text).toBe(asRefusal(cli.stderr, 15));
  });

  it('checkpoint publishes the record and announces it in the ledger; handover refuses a body without its sections as the command does', async () => {
    const { repo, server } = await served();
    const result = await call(server, 'checkpoint', { body: '# Objective\nthe parser\n\n# Next Action\nits tests\n' });
    const answer = result.structuredContent as { path: string; checkpoint_at: string };
    expectFits(output('checkpoint'), answer, 'checkpoint');
    expect(repo.read(answer.path)).toContain('# Objective\nthe parser');
    expect(ledger(repo).find((line) => line.event === 'task.checkpoint')).toMatchObject({ checkpoint_path: answer.path });
    const body = '# Objective\nonly this\n';
    const refused = refusalOf(await call(server, 'handover', { body }));
    const cli = repo.run(['handover'], { input: body });
    expect(cli.code).toBe(2);
    expect(refused).toEqual({ exit: 2, text: asRefusal(cli.stderr, 2) });
  });

  it('start_task while a task is active is refused (15) with the message `start` prints', async () => {
    const { repo, server } = await served();
    const refused = refusalOf(await call(server, 'start_task', { task: 'another task', scope: ['src/b'] }));
    const cli = repo.run(['start', 'another task', '--scope', 'src/b']);
    expect(refused).toEqual({ exit: cli.code, text: asRefusal(cli.stderr, cli.code) });
    expect(cli.code).toBe(15);
  });

  it('start_task starts a task where none is active: its record, its ledger line, the answer `start --json` gives', async () => {
    const idle = copyOf(repos, committedWithTask(repos, false));
    const server = await serve(idle.dir, ['--toolsets', 'state']);
    servers.push(server);
    await server.client.listTools();
    const result = await call(server, 'start_task', { task: 'teach the parser tabs', scope: ['src/a', 'docs'] });
    const answer = result.structuredContent as { id: string; scope: string[]; written: string[] };
    expectFits(output('start_task'), answer, 'start_task');
    expect(answer.scope).toEqual(['src/a', 'docs']);
    expect(idle.read('.ai/local/state/current.yaml')).toMatch(new RegExp(`^id: "?${answer.id}"?$`, 'm'));
    expect(answer.written).toContain('.ai/local/state/current.yaml');
    expect(
      ledger(idle)
        .filter((line) => line.event === 'task.started')
        .map((line) => line.task_id),
    ).toEqual([answer.id]);
  });

  it('finish_task judges the contract and answers what `finish --json` prints in a twin', async () => {
    const { repo, server } = await served();
    const twin = copyOf(repos, source);
    const result = await call(server, 'finish_task', { outcome: 'partial', quiet: false });
    const answer = result.structuredContent as Record<string, unknown>;
    expectFits(output('finish_task'), answer, 'finish_task');
    const cli = twin.run(['finish', '--outcome', 'partial', '--json']);
    expect(cli.code).toBe(answer.exit_code);
    expect(result.isError ?? false).toBe(answer.accepted !== true);
    const lines = cli.stdout.trim().split('\n');
    const summary = JSON.parse(lines.pop()!) as Record<string, unknown>;
    expect(summary).toEqual(Object.fromEntries(Object.keys(summary).map((key) => [key, answer[key]])));
    expect(lines.map((line) => JSON.parse(line))).toEqual(answer.findings);
    expect(repo.read('.ai/local/state/current.yaml').includes('outcome: partial')).toBe(answer.accepted === true);
  });
});

describe('refusals', () => {
  it('--read-only refuses every writer (15) and writes nothing, whatever --toolsets asks for', async () => {
    const { repo, server } = await served(['--toolsets', 'all', '--read-only']);
    const before = repo.exists('.ai/local/state/decisions.md') ? repo.read('.ai/local/state/decisions.md') : undefined;
    const lines = ledger(repo).length;
    for (const [name, args] of [
      ['decision_add', { what: 'x', why: 'y' }],
      ['question_add', { question: 'q?' }],
      ['checkpoint', {}],
      ['finish_task', { outcome: 'completed' }],
    ] as const) {
      const refused = refusalOf(await call(server, name, args));
      expect(refused.exit, name).toBe(15);
      expect(refused.text).toContain('--read-only');
    }
    expect(repo.exists('.ai/local/state/decisions.md') ? repo.read('.ai/local/state/decisions.md') : undefined).toBe(before);
    expect(ledger(repo).length).toBe(lines);
  });

  it('a writer of a toolset not served is refused (2), naming how to serve it', async () => {
    const { server } = await served([]);
    const refused = refusalOf(await call(server, 'decision_add', { what: 'x', why: 'y' }));
    expect(refused.exit).toBe(2);
    expect(refused.text).toContain('--toolsets read,gates,state');
  });

  it('an answer over its budget is refused (10) with its size, the size of the answer a larger budget gets', async () => {
    const { server } = await served([]);
    const refused = refusalOf(await call(server, 'list_objects', { budget: 10 }));
    expect(refused.exit).toBe(10);
    const tokens = Number(/the answer is about (\d+) tokens/.exec(refused.text)?.[1]);
    expect(refused.text).toContain('over the budget of 10');
    const whole = await call(server, 'list_objects', { budget: tokens });
    expect(whole.isError ?? false).toBe(false);
    expect(estimateTokens(JSON.stringify(whole.structuredContent))).toBe(tokens);
    expect(refusalOf(await call(server, 'list_objects', { budget: tokens - 1 })).exit).toBe(10);
  });

  it("context's own line budget refuses as `context --budget-lines` does, with its figure", async () => {
    const { repo, server } = await served([]);
    const refused = refusalOf(await call(server, 'context', { budget_lines: 2 }));
    const cli = repo.run(['context', '--budget-lines', '2']);
    expect(cli.code).toBe(10);
    expect(refused).toEqual({ exit: 10, text: asRefusal(cli.stderr, 10) });
  });

  it('search finding nothing is an error (12) that still carries the empty answer', async () => {
    const { repo, server } = await served([]);
    const result = await call(server, 'search', { text: 'a text written nowhere at all' });
    const refused = refusalOf(result);
    expect(refused.exit).toBe(12);
    expect(result.structuredContent).toMatchObject({ total: 0, results: [] });
    const cli = repo.run(['search', 'a text written nowhere at all', '--json']);
    expect(cli.code).toBe(12);
    expect(JSON.parse(cli.stdout)).toEqual(result.structuredContent);
    expect(refused.text).toBe(asRefusal(cli.stderr, 12));
  });
});

describe('malformed calls are answered with errors, and the server goes on serving', () => {
  it('wrong types, unknown arguments, huge arguments, an unknown tool', async () => {
    const { repo, server } = await served();
    for (const [name, args] of [
      ['list_objects', { limit: 'ten' }],
      ['list_objects', { kind: 'everything' }],
      ['search', {}],
      ['search', { text: 'x', colour: 'blue' }],
      ['search', { text: 'x'.repeat(2 * 1024 * 1024) }],
      ['decision_add', { what: 'w'.repeat(3 * 1024 * 1024), why: 'y' }],
      ['get_object', { uri: 42 }],
      ['history', { all: 'yes' }],
      ['doctor', { rule: 'not a list' }],
    ] as const) {
      const refused = refusalOf(await call(server, name, args as Record<string, unknown>));
      expect(refused.exit, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(2);
      expect(refused.text).toMatch(/the arguments do not fit the tool's input schema/);
      expect(refused.text.length).toBeLessThan(2000);
    }
    const unknown = await call(server, 'rm_rf', {}).then(
      () => undefined,
      (error: { code?: number }) => error,
    );
    expect(unknown?.code).toBe(-32602);
    const escaping = refusalOf(await call(server, 'get_object', { uri: 'majordomus://knowledge/../../../../etc/passwd' }));
    expect(escaping.exit).toBe(12);
    expect(escaping.text).not.toMatch(/root:/);
    // still serving, and nothing was written by any of it
    expect((await server.client.listTools()).tools.length).toBe(CAPABILITIES.length);
    expect(repo.exists('.ai/local/state/decisions.md') ? repo.read('.ai/local/state/decisions.md') : '').not.toContain('www');
  });
});
