/**
 * docs/CI.md's worked workflow, run as a CI runner runs it: an adopted scratch project (the packed
 * tarball as a dev dependency, pushed to a bare remote), then each job of the YAML in a fresh checkout
 * of that remote — `actions/checkout` a clone (shallow unless `fetch-depth: 0`), `actions/setup-node`
 * nothing (Node is there) — and each `run:` step through `bash -eo pipefail` with `CI=true`, the
 * runner's variables, `${{ github.sha }}` and `${{ github.base_ref }}` filled in for a pull request of
 * the branch `feature` into `main`, and no git identity. Every step must exit 0. Any
 * other action or expression in the YAML fails the test: the page shows only what is run here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bareRemote, FIELD_TIMEOUT, FieldProject } from '../helpers/field';
import type { RunResult } from '../helpers/repo';
import { ROOT } from '../helpers/repo';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly if?: string;
}

const text = readFileSync(join(ROOT, 'docs/CI.md'), 'utf8');
const block = /```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
const workflow = parse(block) as { jobs: Record<string, { steps: Step[] }> };

/** The environment of a runner's step: CI set, no git identity, an empty home and a temporary folder. */
function runnerEnv(project: FieldProject, sha: string): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'majordomus-runner-home-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(project.env)) {
    if (value === undefined || /^GIT_(AUTHOR|COMMITTER)_/.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    HOME: home,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_SHA: sha,
    RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'majordomus-runner-temp-')),
  };
}

/** A program run in `cwd` with exactly `env`. */
function runIn(cwd: string, env: NodeJS.ProcessEnv, command: string, args: readonly string[]): RunResult {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { code: result.status ?? 128, stdout: result.stdout, stderr: result.stderr };
}

/** The pull request each job runs for: the branch `feature` proposed for `main`. */
const EVENT = { name: 'pull_request', base: 'main', head: 'feature' };

/** A `run:` step's script with the expressions the runner fills in; any other expression is refused. */
function script(run: string, sha: string): string {
  const filled = run.replace(/\$\{\{\s*github\.sha\s*\}\}/g, sha).replace(/\$\{\{\s*github\.base_ref\s*\}\}/g, EVENT.base);
  expect(filled, 'an expression the test does not fill in').not.toMatch(/\$\{\{/);
  return filled;
}

/** Whether a step runs for the event: the one condition the page uses, `github.event_name == '<event>'`. */
function runs(step: Step): boolean {
  if (step.if === undefined) return true;
  const event = /^github\.event_name == '([a-z_]+)'$/.exec(step.if.trim());
  expect(event, `a condition the test does not evaluate: ${step.if}`).not.toBeNull();
  return event![1] === EVENT.name;
}

describe('docs/CI.md, run step by step in a fresh checkout with CI=true', () => {
  it.each(Object.keys(workflow.jobs))(
    'the %s job: every step exits 0',
    (job) => {
      const project = new FieldProject();
      project.write('src/index.js', 'module.exports = 1;\n');
      expect(project.majordomus(['init']).code).toBe(0);
      expect(project.commitAll('adopt majordomus').code).toBe(0);
      const remote = bareRemote(project);
      project.git(['push', '-q', 'origin', EVENT.base]);
      // the pull request: one change on its own branch, committed through the hooks
      project.git(['switch', '-q', '-c', EVENT.head]);
      project.write('src/index.js', 'module.exports = 2;\n');
      expect(project.commitAll('change the module').code).toBe(0);
      project.git(['push', '-q', 'origin', EVENT.head]);
      const sha = project.git(['rev-parse', 'HEAD']).stdout.trim();
      const env = runnerEnv(project, sha);
      const checkout = join(project.dir, '..', 'runner');
      for (const step of workflow.jobs[job]!.steps) {
        const what = step.name ?? step.uses ?? step.run ?? '';
        if (!runs(step)) continue;
        if (step.uses !== undefined) {
          const action = step.uses.replace(/@.*$/, '');
          if (action === 'actions/checkout') {
            const depth = step.with?.['fetch-depth'] === 0 ? [] : ['--depth', '1'];
            const clone = runIn(project.dir, env, 'git', ['clone', '-q', ...depth, '--branch', EVENT.head, `file://${remote}`, checkout]);
            expect(clone.code, clone.stderr).toBe(0);
          } else expect(action, `an action the test does not run: ${step.uses}`).toBe('actions/setup-node');
          continue;
        }
        const result = runIn(checkout, env, 'bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script(step.run!, sha)]);
        expect(result.code, `${job}: ${what}\n${result.stdout}\n${result.stderr}`).toBe(0);
      }
    },
    FIELD_TIMEOUT,
  );
});
