/**
 * The use case format, judged in-process: a sound file reads back whole, and each refusal the format
 * makes (unknown keys at every level, a missing `# Situation`, a step running a command the use case does
 * not list, a step without an expected exit, a guaranteed use case without a scenario) names its problem.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUseCase } from '../../engine/usecases/format';
import { normaliseOutput } from '../../engine/usecases/normalise';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

const FILE = '.ai/repo/use-cases/sample.md';

const STEPS = `steps:
  - id: list
    run: ['decision', 'list']
    expect:
      exit: 0
      stdout_contains: ['^#1']`;

/** A use case file, sound unless a part is replaced. */
function useCase(parts: { front?: string; situation?: string; scenario?: string; steps?: string } = {}): string {
  const front =
    parts.front ??
    'id: sample\nkind: use-case\ntitle: A sample\nsummary: One sentence.\nstatus: active\ntarget: guaranteed\ncommands: [decision]';
  const situation = parts.situation ?? '# Situation\n\nSomething is not written down.\n';
  const scenario =
    parts.scenario ??
    `# Scenario\n\n\`\`\`yaml\nsetup: installed\ngiven: ['an adopted repository']\n${parts.steps ?? STEPS}\nthen: ['it is state']\n\`\`\`\n`;
  return `---\n${front}\n---\n\n${situation}\n${scenario}\n# Outcome\n\nIt is written down.\n`;
}

const problemsOf = (text: string) => parseUseCase(text, FILE).problems.map((problem) => problem.message);

describe('use case format', () => {
  it('reads a sound use case whole', () => {
    const { useCase: read, problems } = parseUseCase(useCase(), FILE);
    expect(problems).toEqual([]);
    expect(read).toMatchObject({ id: 'sample', status: 'active', target: 'guaranteed', commands: ['decision'] });
    expect(read!.scenario!.setup).toBe('installed');
    expect(read!.scenario!.steps[0]).toMatchObject({
      id: 'list',
      run: ['decision', 'list'],
      expect: { exit: 0, stdout_contains: ['^#1'] },
    });
  });

  it("reads the upstream tool's form: a setup of its own and a worker step (a shell command) between commands", () => {
    const steps =
      "steps:\n  - id: strays\n    note: 'the worker edits a file'\n    worker: 'echo x >> docs/d'\n    expect:\n      exit: 0\n" +
      "  - id: list\n    run: ['decision', 'list']\n    expect:\n      exit: 0";
    const text = useCase({ steps }).replace('setup: installed', 'setup: finish-ready');
    const { useCase: read, problems } = parseUseCase(text, FILE);
    expect(problems).toEqual([]);
    expect(read!.scenario!.setup).toBe('finish-ready');
    expect(read!.scenario!.steps.map((step) => [step.id, step.run, step.worker])).toEqual([
      ['strays', undefined, 'echo x >> docs/d'],
      ['list', ['decision', 'list'], undefined],
    ]);
  });

  it('reads an advisory use case without a scenario', () => {
    const { useCase: read, problems } = parseUseCase(
      useCase({
        front: 'id: sample\nkind: use-case\ntitle: A\nsummary: B\nstatus: draft\ntarget: advisory\ncommands: [decision]',
        scenario: '',
      }),
      FILE,
    );
    expect(problems).toEqual([]);
    expect(read!.scenario).toBeUndefined();
  });

  it.each([
    [
      'an unknown front matter key',
      { front: 'id: sample\nkind: use-case\ntitle: A\nsummary: B\nstatus: active\ntarget: guaranteed\ncommands: [decision]\nowner: me' },
      /unknown front matter key "owner"/,
    ],
    [
      'a missing required key',
      { front: 'id: sample\nkind: use-case\ntitle: A\nstatus: active\ntarget: guaranteed\ncommands: [decision]' },
      /no summary/,
    ],
    [
      'an id that is not the file name',
      { front: 'id: other\nkind: use-case\ntitle: A\nsummary: B\nstatus: active\ntarget: guaranteed\ncommands: [decision]' },
      /id is "other"/,
    ],
    [
      'a kind other than use-case',
      { front: 'id: sample\nkind: rule\ntitle: A\nsummary: B\nstatus: active\ntarget: guaranteed\ncommands: [decision]' },
      /kind is "rule"/,
    ],
    [
      'an unknown target',
      { front: 'id: sample\nkind: use-case\ntitle: A\nsummary: B\nstatus: active\ntarget: always\ncommands: [decision]' },
      /target is "always"/,
    ],
    ['a missing # Situation', { situation: '# Setting\n\nText.\n' }, /no `# Situation`/],
    ['a guaranteed use case without a scenario', { scenario: '' }, /guaranteed but has no scenario/],
    ['an unknown scenario key', { steps: `${STEPS}\nwhen: [x]` }, /scenario: unknown key "when"/],
    [
      'a setup that is not a name',
      {
        scenario:
          "# Scenario\n\n```yaml\nsetup: 'Finish Ready'\nsteps:\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      exit: 0\n```\n",
      },
      /setup is "Finish Ready"/,
    ],
    [
      'a step with neither run nor worker',
      { steps: 'steps:\n  - id: a\n    note: nothing to do\n    expect:\n      exit: 0' },
      /step a: has neither run nor worker/,
    ],
    [
      'a step with both run and worker',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    worker: 'true'\n    expect:\n      exit: 0" },
      /step a: has both run and worker/,
    ],
    [
      'a worker that is not a command line',
      { steps: 'steps:\n  - id: a\n    worker: [echo, x]\n    expect:\n      exit: 0' },
      /step a: worker is not a shell command line/,
    ],
    [
      'an unknown step key',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    stdout: x\n    expect:\n      exit: 0" },
      /step a: unknown key "stdout"/,
    ],
    [
      'an unknown expect key',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      exit: 0\n      stderr_contains: [x]" },
      /expect: unknown key "stderr_contains"/,
    ],
    [
      'a command the use case does not list',
      { steps: "steps:\n  - id: a\n    run: ['history']\n    expect:\n      exit: 0" },
      /runs "history", a command the use case does not list/,
    ],
    [
      'a step without an expected exit',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      stdout_contains: [x]" },
      /step a: expect has no exit/,
    ],
    ['a step without expect', { steps: "steps:\n  - id: a\n    run: ['decision', 'list']" }, /step a: no expect/],
    [
      'a pattern that is not a regular expression',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      exit: 0\n      stdout_contains: ['(']" },
      /is not a regular expression/,
    ],
    [
      'a stdin path leaving the directory',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    stdin: ../secret\n    expect:\n      exit: 0" },
      /stdin is not a relative path/,
    ],
    [
      'a files_exist path that is absolute',
      { steps: "steps:\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      exit: 0\n      files_exist: [/etc/passwd]" },
      /files_exist: "\/etc\/passwd"/,
    ],
    [
      'two steps with one id',
      {
        steps:
          "steps:\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      exit: 0\n  - id: a\n    run: ['decision', 'list']\n    expect:\n      exit: 0",
      },
      /a second step has this id/,
    ],
  ])('refuses %s', (_name, parts, message) => {
    const { useCase: read, problems } = parseUseCase(useCase(parts), FILE);
    expect(read).toBeUndefined();
    expect(problems.map((problem) => problem.message)).toContainEqual(expect.stringMatching(message));
  });

  it('refuses a front matter key of the wrong shape, as its schema says', () => {
    const front =
      'id: sample\nkind: use-case\ntitle: A\nsummary: B\nstatus: active\ntarget: guaranteed\ncommands: [decision]\nweight: heavy';
    const { useCase: read, problems } = parseUseCase(useCase({ front }), FILE);
    expect(read).toBeUndefined();
    expect(problems).toEqual([expect.objectContaining({ line: 9, message: expect.stringMatching(/`weight`/) })]);
  });

  it('names the file line of a scenario problem, and a list item problem once', () => {
    const text = useCase({ steps: "steps:\n  - id: a\n    run: ['decision', 7, 8]\n    stdout: x\n    expect:\n      exit: 0" });
    const lines = text.split('\n');
    const { problems } = parseUseCase(text, FILE);
    expect(problems.map((problem) => [problem.line, problem.message.replace(/ \(.*$/, '')]).sort()).toEqual(
      [
        [lines.indexOf("    run: ['decision', 7, 8]") + 1, 'step a: run is not a non-empty list of arguments'],
        [lines.indexOf('    stdout: x') + 1, 'step a: unknown key "stdout"'],
      ].sort(),
    );
  });

  it('refuses a file without front matter, by line', () => {
    const { problems } = parseUseCase('# Situation\n', FILE);
    expect(problems).toEqual([expect.objectContaining({ file: FILE, line: 1 })]);
  });

  it('counts only level-one headings outside fences', () => {
    expect(problemsOf(useCase({ situation: '```\n# Situation\n```\n' }))).toContainEqual(expect.stringMatching(/no `# Situation`/));
  });
});

describe('output normalisation', () => {
  it('replaces the repository path, times, ids, hashes and durations, and nothing else', () => {
    const text = [
      'session s-20261130210016-a1b2 opened at 2026-11-30T21:00:16Z (head 0123456789abcdef0123456789abcdef01234567)',
      'start: task t-20261130210016-9f0e is active in /tmp/x/repo/src (3.2 s, 120ms), commit 1a2b3c4',
      'exit 10: 2 problems',
    ].join('\n');
    expect(normaliseOutput(text, '/tmp/x/repo')).toBe(
      [
        'session s-<id> opened at <time> (head <head>)',
        'start: task t-<id> is active in <repo>/src (<duration>, <duration>), commit <hash>',
        'exit 10: 2 problems',
      ].join('\n'),
    );
  });
});

describe("this repository's own use cases", () => {
  it('are each valid, and together run every command family', async () => {
    const { ROOT } = await import('../helpers/repo');
    const { COMMAND_FAMILIES } = await import('../../engine/usecases/families');
    const dir = '.ai/repo/use-cases';
    const names = readdirSync(join(ROOT, dir)).filter((name) => name.endsWith('.md'));
    const run = new Set<string>();
    for (const name of names) {
      const { useCase: read, problems } = parseUseCase(readFileSync(join(ROOT, dir, name), 'utf8'), `${dir}/${name}`);
      expect(problems, name).toEqual([]);
      for (const step of read!.scenario?.steps ?? []) if (step.run) run.add(step.run[0]!);
    }
    expect(COMMAND_FAMILIES.filter((family) => !run.has(family))).toEqual([]);
  });
});

describeUpstream("the upstream tool's use cases", () => {
  const dir = join(UPSTREAM, '.ai/repo/use-cases');
  const names = readdirSync(dir).filter((name) => name.endsWith('.md'));
  it.each(names)('%s is read as written: no problem, every step kept', (name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const { useCase: read, problems } = parseUseCase(text, `.ai/repo/use-cases/${name}`);
    expect(problems).toEqual([]);
    expect(read!.scenario!.steps.length).toBe(text.match(/^ {2}- id: /gm)!.length);
  });
});
