/**
 * Claude Code's hooks as its users run them: the packed tarball installed as a dev dependency (the tool
 * only in node_modules/.bin), `capture install` run, and then every hook's command line exactly as the
 * settings file has it, run through `sh -c` with `CLAUDE_PROJECT_DIR` set and a payload of Claude Code's
 * format on stdin, as Claude Code runs it. Every hook reaches the tool and `capture status` is green; the
 * guard refuses a bypass; an episode opened in the main checkout closes after the session moved into a
 * worktree.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FieldProject } from '../helpers/field';

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

const SESSION = 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9';

/** An adopted project with the hooks installed and committed; the user's home an empty folder. */
function installed(): { project: FieldProject; home: string; hooks: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), 'majordomus-field-home-'));
  homes.push(home);
  const project = new FieldProject({ env: { HOME: home } });
  expect(project.majordomus(['init']).code).toBe(0);
  expect(project.majordomus(['capture', 'install', '--provider', 'claude-code']).code).toBe(0);
  expect(project.commitAll('adopt majordomus and wire Claude Code').code).toBe(0);
  const settings = JSON.parse(project.read('.claude/settings.json')) as {
    hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>;
  };
  const hooks: Record<string, string> = {};
  for (const [event, groups] of Object.entries(settings.hooks)) hooks[event] = groups[0]!.hooks[0]!.command;
  return { project, home, hooks };
}

/** Run one hook as Claude Code does: its command through sh -c, the payload on stdin, the project named. */
function run(
  project: FieldProject,
  command: string,
  event: string,
  fields: Record<string, unknown>,
  options: { cwd?: string; projectDir?: string } = {},
) {
  const cwd = options.cwd ? join(project.dir, options.cwd) : project.dir;
  const input = JSON.stringify({
    session_id: SESSION,
    transcript_path: join(project.dir, '..', 'transcript.jsonl'),
    cwd,
    permission_mode: 'default',
    hook_event_name: event,
    ...fields,
  });
  return project.sh(command, { cwd: options.cwd, input, env: { CLAUDE_PROJECT_DIR: options.projectDir ?? project.dir } });
}

describe('Claude Code hooks with the tool only in node_modules/.bin', () => {
  it('every hook reaches the tool: capture status is green', () => {
    const { project } = installed();
    expect(project.sh('command -v majordomus').code).not.toBe(0);
    const status = project.majordomus(['capture', 'status', '--json']);
    expect(status.code).toBe(0);
    const out = JSON.parse(status.stdout) as { hooks: Array<{ event: string; reached: boolean }> };
    expect(out.hooks.map((hook) => [hook.event, hook.reached])).toEqual([
      ['SessionStart', true],
      ['PreCompact', true],
      ['SessionEnd', true],
      ['UserPromptSubmit', true],
      ['PreToolUse', true],
    ]);
  });

  it('a session opens, keeps its prompt, compacts and closes through the hooks as written', () => {
    const { project, hooks } = installed();
    const start = run(project, hooks.SessionStart!, 'SessionStart', { source: 'startup', model: 'claude-sonnet-4-5' });
    expect(start.code).toBe(0);
    expect(start.stdout).toMatch(/^session s-\S+ opened \(provider session f1e2d3c4/);
    const prompt = run(project, hooks.UserPromptSubmit!, 'UserPromptSubmit', { prompt: 'Add a test for the parser.' });
    expect(prompt).toMatchObject({ code: 0, stdout: '' });
    expect(readdirSync(join(project.dir, '.ai/local/prompts'))).toHaveLength(2);
    expect(run(project, hooks.PreCompact!, 'PreCompact', { trigger: 'auto', custom_instructions: '' }).code).toBe(0);
    const resumed = run(project, hooks.SessionStart!, 'SessionStart', { source: 'compact' });
    expect(resumed.stdout).toMatch(/^session s-\S+ continues/);
    const end = run(project, hooks.SessionEnd!, 'SessionEnd', { reason: 'prompt_input_exit' });
    expect(end.code).toBe(0);
    expect(end.stdout).toMatch(/^\.ai\/repo\/sessions\/\S+\.md$/m);
    expect(project.git(['status', '--porcelain', '--', '.ai/local']).stdout).toBe('');
  });

  it('the guard, run from its hook, refuses a commit that skips the gates and lets a plain one through', () => {
    const { project, hooks } = installed();
    const bypass = run(project, hooks.PreToolUse!, 'PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'git commit --no-verify -m wip', description: 'commit' },
      tool_use_id: 'toolu_01',
    });
    expect(bypass.code).toBe(0);
    expect(JSON.parse(bypass.stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } });
    const plain = run(project, hooks.PreToolUse!, 'PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'git status', description: 'status' },
      tool_use_id: 'toolu_02',
    });
    expect(plain).toMatchObject({ code: 0, stdout: '' });
  });

  it('an episode opened in the main checkout closes after the session moved into a worktree', () => {
    const { project, hooks } = installed();
    expect(run(project, hooks.SessionStart!, 'SessionStart', { source: 'startup' }).code).toBe(0);
    project.git(['worktree', 'add', '-q', '-b', 'feature', 'wt']);
    // the session now works in the worktree: the hook's folder and the payload's cwd are the worktree,
    // CLAUDE_PROJECT_DIR stays where the session started
    const compact = run(project, hooks.PreCompact!, 'PreCompact', { trigger: 'auto' }, { cwd: 'wt' });
    expect(compact.code).toBe(0);
    expect(compact.stdout).not.toMatch(/no episode is open/);
    const end = run(project, hooks.SessionEnd!, 'SessionEnd', { reason: 'other' }, { cwd: 'wt' });
    expect(end.code).toBe(0);
    expect(end.stdout).toMatch(/^\.ai\/repo\/sessions\/\S+\.md$/m);
    expect(readdirSync(join(project.dir, '.ai/local/state/sessions-open'))).toEqual([]);
    // the record is the main checkout's
    expect(readdirSync(join(project.dir, '.ai/repo/sessions')).filter((name) => name.endsWith('.md'))).toHaveLength(1);
  });

  it('without CLAUDE_PROJECT_DIR, a hook run in the worktree still finds the episode in the main checkout', () => {
    const { project, hooks } = installed();
    expect(run(project, hooks.SessionStart!, 'SessionStart', { source: 'startup' }).code).toBe(0);
    project.git(['worktree', 'add', '-q', '-b', 'feature', 'wt']);
    const input = JSON.stringify({ session_id: SESSION, cwd: join(project.dir, 'wt'), hook_event_name: 'SessionEnd', reason: 'other' });
    const end = project.majordomus(['capture', 'session', '--event', 'end'], { cwd: 'wt', input });
    expect(end.code).toBe(0);
    expect(end.stdout).toMatch(/^\.ai\/repo\/sessions\/\S+\.md$/m);
    expect(readdirSync(join(project.dir, '.ai/local/state/sessions-open'))).toEqual([]);
  });
});
