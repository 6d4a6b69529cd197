/**
 * `majordomus update`, run as a user runs it: the built CLI in fresh adopted repositories (init
 * generates AGENTS.md whole and CLAUDE.md as a region). What the issue holds true, each asserted on exit
 * codes, statuses and bytes: update then doctor green; a one-character hand edit fails doctor naming the
 * target; a policy edit is drift to watch, 10 to update --check, and update brings both back to 0; update
 * refuses (15) over a hand edit and leaves it untouched, --force rewrites it; a region keeps the host
 * text byte for byte across three updates and the three malformed marker cases are refused; CRLF is not
 * drift; --adopt keeps a hand-written file and adds the region; Cursor and Copilot targets are written
 * with their own shapes; the drift check is wired by init and reported unwired when removed, and the
 * pre-commit hook refuses a commit that leaves a target behind.
 *
 * The commands under test run as processes; the verdicts on what they wrote — doctor's and watch's
 * findings, and `update --check` once a test has asserted it as a process — are read in process
 * (helpers/gate.ts, helpers/cli.ts), and the table of malformed markers runs in process with its first
 * case through the built CLI as well, byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../engine/layer/front-matter';
import { cliInProcess, tableRun } from '../helpers/cli';
import { expectSameFromCli, gateInProcess } from '../helpers/gate';
import type { TempRepo } from '../helpers/repo';
import { CLI, cleanEnv, failing, repoFactory } from '../helpers/repo';

const POLICY = '.ai/repo/policy.yaml';
const repos = repoFactory();
afterAll(() => repos.disposeAll());

interface UpdateJson {
  readonly policy: string;
  readonly current: boolean;
  readonly targets: readonly { target: string; status: string; action: string; provider: string; mode: string }[];
  readonly written: readonly string[];
}

function updateJson(repo: TempRepo, args: readonly string[] = []): { code: number; json: UpdateJson } {
  const run = repo.run(['update', ...args, '--json']);
  return { code: run.code, json: JSON.parse(run.stdout) as UpdateJson };
}

/** The exit code of `update --check` on what a command wrote, read in process. */
async function checkCode(repo: TempRepo): Promise<number> {
  return (await cliInProcess(repo, ['update', '--check'])).code;
}

function statuses(json: UpdateJson): Record<string, string> {
  return Object.fromEntries(json.targets.map((target) => [target.target, target.status]));
}

function editPolicy(repo: TempRepo, from: string, to: string): void {
  const text = repo.read(POLICY);
  expect(text).toContain(from);
  repo.write(POLICY, text.replace(from, to));
}

describe('update and doctor', () => {
  it('update writes the targets, then doctor is green and update --check is 0', async () => {
    const repo = repos.create().init();
    repo.remove('AGENTS.md');
    repo.remove('CLAUDE.md');
    const update = updateJson(repo);
    expect(update.code).toBe(0);
    expect([...update.json.written].sort()).toEqual(['AGENTS.md', 'CLAUDE.md']);
    const doctor = await gateInProcess(repo, 'doctor');
    expect(failing(doctor.findings)).toEqual([]);
    expect(doctor.code).toBe(0);
    expect(repo.run(['update', '--check']).code).toBe(0);
  });

  it('a one-character hand edit: doctor exits 10 naming the target', async () => {
    const repo = repos.create().init();
    repo.write('AGENTS.md', repo.read('AGENTS.md').replace('Start at', 'Start ay'));
    const doctor = await gateInProcess(repo, 'doctor');
    expect(doctor.code).toBe(10);
    expect(failing(doctor.findings).map((f) => [f.level, f.category, f.subject])).toEqual([['FAIL', 'projection', 'AGENTS.md']]);
    // the gates of this file run in process; this one through the built CLI as well, the same findings and code
    expectSameFromCli(repo, 'doctor', {}, doctor);
  });

  it('a policy edit: watch 11 naming the stale targets, update --check 10, update 0, then both 0', async () => {
    const repo = repos.create().init();
    editPolicy(repo, 'strategy: minimum-sufficient', 'strategy: minimum-needed');
    const watch = await gateInProcess(repo, 'watch');
    expect(watch.code).toBe(11);
    expect(
      failing(watch.findings)
        .map((f) => [f.level, f.category, f.subject])
        .sort(),
    ).toEqual([
      ['DRIFT', 'projection', 'AGENTS.md'],
      ['DRIFT', 'projection', 'CLAUDE.md'],
    ]);
    const check = updateJson(repo, ['--check']);
    expect(check.code).toBe(10);
    expect(statuses(check.json)).toEqual({ 'AGENTS.md': 'stale', 'CLAUDE.md': 'stale' });
    const before = repo.read('AGENTS.md');
    expect(repo.read('AGENTS.md')).toBe(before);
    const update = updateJson(repo);
    expect(update.code).toBe(0);
    expect(repo.read('AGENTS.md')).toContain('minimum-needed');
    expect((await gateInProcess(repo, 'watch')).code).toBe(0);
    expect(await checkCode(repo)).toBe(0);
  });

  it('a changed context document makes a target outdated for update --check, never for doctor', async () => {
    const repo = repos.create().init();
    repo.write('.ai/README.md', repo.read('.ai/README.md').replace('title: The AI layer', 'title: The layer of this repository'));
    const check = updateJson(repo, ['--check']);
    expect(check.code).toBe(10);
    expect(statuses(check.json)).toEqual({ 'AGENTS.md': 'outdated', 'CLAUDE.md': 'outdated' });
    expect((await gateInProcess(repo, 'doctor', { rule: 'majordomus.projection-integrity' })).code).toBe(0);
    expect(repo.run(['update']).code).toBe(0);
    expect(repo.read('AGENTS.md')).toContain('[The layer of this repository](.ai/README.md)');
  });
});

describe('hand edits', () => {
  it('update over a hand edit: 15, nothing written; --force rewrites it', async () => {
    const repo = repos.create().init();
    const edited = repo.read('AGENTS.md').replace('Start at', 'Begin at');
    repo.write('AGENTS.md', edited);
    const claude = repo.read('CLAUDE.md');
    editPolicy(repo, 'strategy: minimum-sufficient', 'strategy: minimum-needed');
    const refused = repo.run(['update']);
    expect(refused.code).toBe(15);
    expect(refused.stderr).toContain('AGENTS.md');
    expect(repo.read('AGENTS.md')).toBe(edited);
    // the refusal refuses the whole run: the stale region is not written either
    expect(repo.read('CLAUDE.md')).toBe(claude);
    const forced = repo.run(['update', '--force']);
    expect(forced.code).toBe(0);
    expect(repo.read('AGENTS.md')).not.toContain('Begin at');
    expect(await checkCode(repo)).toBe(0);
  });

  it('a hand edit that is exactly the new output is restamped, not refused', () => {
    const repo = repos.create().init();
    const check = updateJson(repo, ['--check']);
    expect(check.code).toBe(0);
    const text = repo.read('AGENTS.md');
    repo.write('AGENTS.md', text.replace(/content [0-9a-f]{16}/, 'content 0000000000000000'));
    expect(updateJson(repo, ['--check']).json.targets[0]!.status).toBe('hand-edited');
    expect(repo.run(['update']).code).toBe(0);
    expect(repo.read('AGENTS.md')).toBe(text);
  });

  it('--dry-run and --diff write nothing and show the change', () => {
    const repo = repos.create().init();
    editPolicy(repo, 'strategy: minimum-sufficient', 'strategy: minimum-needed');
    const before = repo.read('AGENTS.md');
    const dry = repo.run(['update', '--dry-run', '--diff']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^--- a\/AGENTS\.md$/m);
    expect(dry.stdout).toMatch(/^\+- Context strategy: minimum-needed\./m);
    expect(dry.stdout).toMatch(/^would write AGENTS\.md \(replace\)$/m);
    expect(repo.read('AGENTS.md')).toBe(before);
  });

  it('--check takes neither --force nor --adopt (2)', () => {
    const repo = repos.create().init();
    expect(repo.run(['update', '--check', '--force']).code).toBe(2);
  });
});

describe('region mode', () => {
  it('keeps the host text byte for byte across three updates', async () => {
    const repo = repos.create().init();
    const head = '# Our notes\r\n\r\nKept exactly, CRLF and all.  \r\n\r\n';
    const tail = '\r\nAfter the region, kept too.\r\n';
    repo.write('CLAUDE.md', `${head}${repo.read('CLAUDE.md').replace(/\n$/, '')}${tail}`);
    for (const strategy of ['one', 'two', 'three']) {
      editPolicy(repo, /strategy: [a-z-]+/.exec(repo.read(POLICY))![0], `strategy: ${strategy}`);
      const update = updateJson(repo);
      expect(update.code).toBe(0);
      expect(update.json.targets.find((t) => t.target === 'CLAUDE.md')!.action).toBe('replace-region');
      const text = repo.read('CLAUDE.md');
      expect(text.startsWith(head)).toBe(true);
      expect(text.endsWith(tail)).toBe(true);
      expect(text).toContain(`Context strategy: ${strategy}.`);
      expect(await checkCode(repo)).toBe(0);
    }
  });

  it('appends a region to a file that has none, keeping its text as the prefix', () => {
    const repo = repos.create().init();
    const ours = '# Claude notes of our own\n\nNo newline at the end';
    repo.write('CLAUDE.md', ours);
    const update = updateJson(repo);
    expect(update.code).toBe(0);
    expect(update.json.targets.find((t) => t.target === 'CLAUDE.md')!.action).toBe('append-region');
    expect(repo.read('CLAUDE.md').startsWith(`${ours}\n\n<!-- majordomus:begin `)).toBe(true);
  });

  it.each([
    ['unclosed', (text: string) => text.replace('<!-- majordomus:end -->', '')],
    ['repeated', (text: string) => `${text}${text}`],
    ['out of order', (text: string) => `<!-- majordomus:end -->\n${text.replace('<!-- majordomus:end -->', '')}`],
  ])('refuses %s markers (15), the file untouched, even with --force', async (name, damage) => {
    const repo = repos.create().init();
    const broken = damage(repo.read('CLAUDE.md'));
    repo.write('CLAUDE.md', broken);
    // refused with nothing written: the sample runs the built CLI on the same repository after
    const sample = { sample: name === 'unclosed' };
    expect((await tableRun(repo, ['update'], sample)).code).toBe(15);
    expect((await tableRun(repo, ['update', '--force'], sample)).code).toBe(15);
    expect(repo.read('CLAUDE.md')).toBe(broken);
    const check = JSON.parse((await tableRun(repo, ['update', '--check', '--json'], sample)).stdout) as UpdateJson;
    expect(check.targets.find((t) => t.target === 'CLAUDE.md')!.status).toBe('malformed');
  });
});

describe('line endings', () => {
  it('CRLF in a target is not drift: update --check 0, doctor 0, update writes nothing', async () => {
    const repo = repos.create().init();
    for (const file of ['AGENTS.md', 'CLAUDE.md']) repo.write(file, repo.read(file).replace(/\n/g, '\r\n'));
    expect(repo.run(['update', '--check']).code).toBe(0);
    expect((await gateInProcess(repo, 'doctor', { rule: 'majordomus.projection-integrity' })).code).toBe(0);
    const update = updateJson(repo);
    expect(update.json.written).toEqual([]);
  });
});

describe('adoption', () => {
  it('update --adopt keeps a hand-written AGENTS.md byte for byte and adds the generated region', async () => {
    const repo = repos.create().init();
    const ours = '# How we work here\n\nOur own words.\n';
    repo.write('AGENTS.md', ours);
    // the repository's own file: update keeps it (0), writes nothing into it, and says how to adopt it
    const kept = updateJson(repo);
    expect(kept.code).toBe(0);
    expect(kept.json.written).toEqual([]);
    expect(statuses(kept.json)['AGENTS.md']).toBe('foreign');
    expect(repo.read('AGENTS.md')).toBe(ours);
    expect(await checkCode(repo)).toBe(0);
    expect(repo.run(['update']).stdout).toContain('update --adopt AGENTS.md');
    const adopt = updateJson(repo, ['--adopt', 'AGENTS.md']);
    expect(adopt.code).toBe(0);
    expect(adopt.json.written).toContain(POLICY);
    expect(repo.read('AGENTS.md').startsWith(`${ours}\n<!-- majordomus:begin `)).toBe(true);
    expect(repo.read(POLICY)).toMatch(/ {4}target: AGENTS\.md\n {4}mode: region\n/);
    expect(await checkCode(repo)).toBe(0);
    const doctor = await gateInProcess(repo, 'doctor');
    expect(failing(doctor.findings)).toEqual([]);
  });

  it("a region target that is the repository's own file without a region: update --check accepts it (0), update appends the region after its text", async () => {
    const repo = repos.create().init();
    const ours = '# Claude\n\nSee AGENTS.md.\n';
    repo.write('CLAUDE.md', ours);
    const check = updateJson(repo, ['--check']);
    expect(check.code).toBe(0);
    expect(statuses(check.json)['CLAUDE.md']).toBe('region absent');
    expect(updateJson(repo).json.written).toEqual(['CLAUDE.md']);
    expect(repo.read('CLAUDE.md').startsWith(`${ours}\n<!-- majordomus:begin `)).toBe(true);
    expect(await checkCode(repo)).toBe(0);
  });

  it('--adopt of a path the policy does not project is a usage error (2)', () => {
    const repo = repos.create().init();
    expect(repo.run(['update', '--adopt', 'NOTES.md']).code).toBe(2);
  });
});

describe('providers beyond the skeleton', () => {
  it('cursor gets an .mdc file with valid front matter and the stamp after it; copilot its instructions file', async () => {
    const repo = repos.create().init();
    editPolicy(
      repo,
      '    mode: region\n',
      '    mode: region\n  - provider: cursor\n    target: .cursor/rules/majordomus.mdc\n  - provider: copilot\n    target: .github/copilot-instructions.md\n  - provider: gemini\n    target: GEMINI.md\n  - provider: generic\n    target: docs/AI_INSTRUCTIONS.md\n  - provider: windsurf\n    target: .windsurf/rules/majordomus.md\n',
    );
    const update = updateJson(repo);
    expect(update.code).toBe(0);
    expect([...update.json.written].sort()).toEqual(
      [
        '.cursor/rules/majordomus.mdc',
        '.github/copilot-instructions.md',
        '.windsurf/rules/majordomus.md',
        'AGENTS.md',
        'CLAUDE.md',
        'GEMINI.md',
        'docs/AI_INSTRUCTIONS.md',
      ].sort(),
    );
    const mdc = repo.read('.cursor/rules/majordomus.mdc');
    const front = parseFrontMatter(mdc, 'majordomus.mdc').data.value as Record<string, unknown>;
    expect(front.alwaysApply).toBe(false);
    expect('globs' in front).toBe(true);
    expect(typeof front.description).toBe('string');
    expect(mdc.split('\n')[5]).toMatch(/^<!-- generated by `majordomus update` /);
    const windsurf = parseFrontMatter(repo.read('.windsurf/rules/majordomus.md'), 'majordomus.md').data.value as Record<string, unknown>;
    expect(windsurf.trigger).toBe('model_decision');
    // a link from docs/ climbs back to the root
    expect(repo.read('docs/AI_INSTRUCTIONS.md')).toContain('](../.ai/README.md)');
    const doctor = await gateInProcess(repo, 'doctor');
    expect(failing(doctor.findings)).toEqual([]);
    expect(await checkCode(repo)).toBe(0);
  });

  it('a repository template replaces the distribution’s', () => {
    const repo = repos.create().init();
    repo.write('.ai/repo/providers/agents.tmpl', '# Ours\n\nSee [the layer]({{layer.readme}}); strategy {{policy.strategy}}.\n');
    expect(repo.run(['update']).code).toBe(0);
    expect(repo.read('AGENTS.md').split('\n').slice(1).join('\n')).toBe(
      '# Ours\n\nSee [the layer](.ai/README.md); strategy minimum-sufficient.\n',
    );
  });

  it('a template naming what the model lacks is refused (2), nothing written', () => {
    const repo = repos.create().init();
    repo.write('.ai/repo/providers/agents.tmpl', '# Ours {{policy.nothing}}\n');
    const before = repo.read('AGENTS.md');
    const run = repo.run(['update']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.ai/repo/providers/agents.tmpl:1');
    expect(repo.read('AGENTS.md')).toBe(before);
  });
});

describe('the drift check is wired', () => {
  const shimDir = mkdtempSync(join(tmpdir(), 'majordomus-update-shim-'));
  afterAll(() => rmSync(shimDir, { recursive: true, force: true }));
  writeFileSync(join(shimDir, 'majordomus'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(shimDir, 'majordomus'), 0o755);
  const base = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '' && !existsSync(join(dir, 'majordomus')));
  const withShim = [shimDir, ...base].join(delimiter);
  const commit = (repo: TempRepo, message: string) =>
    spawnSync('git', ['commit', '-q', '-m', message], { cwd: repo.dir, env: cleanEnv({ PATH: withShim }), encoding: 'utf8' });

  it('after init, enforcement-wiring reports projections-on-commit wired; removed from the hook, unwired', async () => {
    const repo = repos.create().init();
    const rule = { rule: 'majordomus.enforcement-wiring' };
    expect(failing((await gateInProcess(repo, 'doctor', rule)).findings)).toEqual([]);
    const hook = '.git/hooks/pre-commit';
    repo.write(hook, repo.read(hook).replace('majordomus update --check || exit $?\n', ''), 0o755);
    const run = await gateInProcess(repo, 'doctor', rule);
    expect(run.code).toBe(10);
    expect(failing(run.findings).map((f) => [f.level, f.subject])).toEqual([['FAIL', 'projections-on-commit']]);
  });

  it('the pre-commit hook refuses a commit that leaves a target behind the policy', () => {
    const repo = repos.create().init();
    repo.git(['add', '-A']);
    const adopt = commit(repo, 'adopt');
    expect(adopt.status, adopt.stderr).toBe(0);
    editPolicy(repo, 'strategy: minimum-sufficient', 'strategy: minimum-needed');
    repo.git(['add', '-A']);
    const stale = commit(repo, 'policy only');
    expect(stale.status).not.toBe(0);
    expect(`${stale.stdout}${stale.stderr}`).toMatch(/^stale +AGENTS\.md/m);
    expect(repo.run(['update']).code).toBe(0);
    repo.git(['add', '-A']);
    const fixed = commit(repo, 'policy and its projections');
    expect(fixed.status, fixed.stderr + fixed.stdout).toBe(0);
  });
});
