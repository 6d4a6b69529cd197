/**
 * A long-lived repository, from the packed tarball installed as a dev dependency (the tool only in
 * node_modules/.bin): a ledger grown far past its cap never refuses a commit through the installed
 * hooks, and the command the hook names brings it back under the cap without deleting a line; a
 * sessions section grown past its cap is archived by `session archive` once the policy allows it, the
 * move committed through the hooks; the content cache doctor keeps stays out of git. On a large index
 * the launcher asks git early which files of the layer it vouches for, and a record edited on the disk
 * is still judged from the disk.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeOneEpisode } from '../helpers/episode';
import { bareRemote, FieldProject } from '../helpers/field';
import { countOf, gitTrace } from '../helpers/git-trace';
import { stoodStill } from '../helpers/repo';

const LEDGER = '.ai/local/state/ledger.jsonl';

/**
 * One episode `session close` really wrote, and `count - 1` older ones before it (its record copied under
 * other ids and times), as a sessions section grows; the real record's name and text.
 */
function closedEpisodes(project: FieldProject, count: number): { name: string; text: string } {
  const { text, id, name } = closeOneEpisode(
    (args, options) => project.majordomus(args, options),
    (path) => project.read(path),
  );
  for (let i = 1; i < count; i++) {
    const other = `s-20260101${String(1_000_000 + i).slice(1)}-${i.toString(16).padStart(4, '0')}`;
    const older = name
      .replace(/^\d{8}T\d{6}Z/, `20260101T${String(1_000_000 + i).slice(1)}Z`)
      .replace(id, other)
      .replace(/--[0-9a-f]{16}\.md$/, `--${i.toString(16).padStart(16, '0')}.md`);
    project.write(`.ai/repo/sessions/${older}`, text.replaceAll(id, other));
  }
  return { name, text };
}

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

  it('session archive: refused until the policy allows it, then the oldest records move, commit through the hooks, and doctor and git stay clean', () => {
    const project = adopted();
    // older episodes before a real one, as a section grows: 40 records in all
    closedEpisodes(project, 40);
    expect(project.commitAll('forty closed episodes').code).toBe(0);
    // doctor keeps its cache in the local half, which git ignores
    const doctor = project.majordomus(['doctor']);
    expect(doctor.code, doctor.stderr).toBe(0);
    expect(project.exists('.ai/local/cache/content')).toBe(true);
    expect(project.git(['status', '--porcelain']).stdout).toBe('');
    expect(project.majordomus(['session', 'archive']).code).toBe(2);
    project.write(
      '.ai/repo/policy.yaml',
      project.read('.ai/repo/policy.yaml').replace('\nsession:\n', '\nsession:\n  retention_max_files: 30\n'),
    );
    expect(project.majordomus(['session', 'archive']).code).toBe(15);
    project.write('.ai/repo/policy.yaml', project.read('.ai/repo/policy.yaml').replace('\nsession:\n', '\nsession:\n  archive: true\n'));
    // the instruction files carry the policy's stamp: regenerated, as the hook would otherwise ask
    expect(project.majordomus(['update']).code).toBe(0);
    const archive = project.majordomus(['session', 'archive', '--json']);
    expect(archive.code, archive.stderr).toBe(0);
    expect(JSON.parse(archive.stdout)).toMatchObject({ archived: 10, kept: 30, archive: '.ai/repo/sessions/archive' });
    expect(readdirSync(join(project.dir, '.ai/repo/sessions/archive'))).toHaveLength(10);
    const commit = project.commitAll('archive the oldest session records');
    expect(commit.code, commit.stderr).toBe(0);
    const after = project.majordomus(['doctor']);
    expect(after.code, after.stderr).toBe(0);
    expect(project.git(['status', '--porcelain']).stdout).toBe('');
  });

  it('300 records that stood still are listed once, in the checkout and in a worktree: a record added or removed later is seen', async () => {
    const project = adopted();
    const { name, text } = closedEpisodes(project, 300);
    expect(project.commitAll('three hundred closed episodes').code).toBe(0);
    const notShared = (cwd?: string): string[] =>
      project
        .majordomus(['doctor', '--rule', 'majordomus.session-records-shared', '--json'], cwd ? { cwd } : {})
        .stdout.split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: string; subject: string })
        .filter((finding) => finding.level === 'WARN')
        .map((finding) => finding.subject);
    // a folder changed in the last two seconds is listed from the disk and not kept
    await stoodStill();
    expect(project.majordomus(['doctor']).code).toBe(0);
    const kept = readdirSync(join(project.dir, '.ai/local/cache/content')).map((build) =>
      readdirSync(join(project.dir, '.ai/local/cache/content', build)),
    );
    expect(kept.flat()).toContain('listings.json');
    const added = `.ai/repo/sessions/${name.replace(/\.md$/, '')}-copy.md`;
    project.write(added, text);
    expect(notShared()).toEqual([added]);
    await stoodStill();
    expect(notShared()).toEqual([added]);
    project.sh(`rm -- '${added}'`);
    expect(notShared()).toEqual([]);
    await stoodStill();
    expect(notShared()).toEqual([]);
    expect(project.git(['status', '--porcelain']).stdout).toBe('');
    // a linked worktree is another folder with its own local half: its listing is its own
    expect(project.git(['worktree', 'add', '-q', '-b', 'other', 'wt']).code).toBe(0);
    const worktree = 'wt';
    project.write(`wt/${added}`, text);
    expect(notShared(worktree)).toEqual([added]);
    await stoodStill();
    expect(notShared(worktree)).toEqual([added]);
    expect(notShared()).toEqual([]);
  });

  it('on a large index doctor takes what the launcher asked git about the layer: a record changed on the disk is judged from the disk', () => {
    const project = adopted();
    const { name } = closedEpisodes(project, 300);
    // an index past 256 KiB: a project of a few thousand files beside the records
    for (let i = 0; i < 2600; i++) project.write(`src/module-with-a-name-of-some-length-${i}.ts`, `export const n = ${i};\n`);
    expect(project.commitAll('records and sources').code).toBe(0);
    const trace = gitTrace();
    expect(project.majordomus(['doctor'], { env: trace.env }).code).toBe(0);
    // asked once, by the launcher, about the layer's top folder
    expect(countOf(trace.gits(), 'check-attr -z --stdin --all')).toBe(1);
    expect(countOf(trace.gits(), "diff-files --name-only -z -- ':(literal).ai'")).toBe(1);
    // a committed record edited on the disk: git does not vouch for it, and its bytes are judged
    const record = `.ai/repo/sessions/${name}`;
    project.write(record, project.read(record).replace(/^schema: .*$/m, 'schema: "session/v0"'));
    const broken = project.majordomus(['doctor', '--rule', 'majordomus.session-records', '--json']);
    expect(broken.code).toBe(10);
    const failed = broken.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: string; subject: string })
      .filter((finding) => finding.level === 'FAIL');
    expect(failed.map((finding) => finding.subject)).toEqual([record]);
    expect(project.git(['checkout', '--', record]).code).toBe(0);
    expect(project.majordomus(['doctor']).code).toBe(0);
    // a branch pushed through the installed pre-push hook to a bare remote
    bareRemote(project);
    expect(project.git(['checkout', '-q', '-b', 'feature']).code).toBe(0);
    project.write('src/added.ts', 'export const added = true;\n');
    expect(project.commitAll('an addition').code).toBe(0);
    const pushed = project.git(['push', '-q', 'origin', 'feature']);
    expect(pushed.code, pushed.stderr).toBe(0);
  });
});
