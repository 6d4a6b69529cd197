/**
 * `knowledge sources` and `knowledge nodes` run by the built CLI in adopted temporary repositories:
 * discovery is git's index through each class's pathspec (a closed session record is a node of kind
 * session once it is tracked, with nothing registered; an untracked one on disk is not), the listing in
 * text and JSON, and each refusal with its exit code: a kind no class declares or a malformed kind
 * name (2), a sources file that does not parse (2), one that breaks its schema (10), a missing file
 * or section (12).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { repoFactory } from '../helpers/repo';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const SOURCES = '.ai/repo/knowledge/sources.yaml';
const RECORD = '.ai/repo/sessions/20260901T100000Z--s-20260901100000-ab12--main--abc1234--0f0f0f0f.md';
const STRAY = '.ai/repo/sessions/20260901T110000Z--s-20260901110000-cd34--main--abc1234--0e0e0e0e.md';

function record(id: string): string {
  return `---\nschema: session/v1\nid: ${id}\noutcome: closed\n---\n\n# Summary\n\nnothing\n`;
}

interface Node {
  source: string;
  kind: string;
  identity: string;
  path: string;
}

describe('knowledge nodes: what git tracks, by class', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = repos.create().init();
    repo.write(RECORD, record('s-20260901100000-ab12'));
    repo.write(STRAY, record('s-20260901110000-cd34'));
    repo.git(['add', RECORD, '.ai/repo/policy.yaml']);
  });

  it('lists a tracked session record under --kind session by its id, and not the untracked one beside it', () => {
    const run = repo.run(['knowledge', 'nodes', '--kind', 'session', '--json']);
    expect(run.code).toBe(0);
    const nodes = (JSON.parse(run.stdout) as { nodes: Node[] }).nodes;
    expect(nodes).toEqual([{ source: 'sessions', kind: 'session', identity: 's-20260901100000-ab12', path: RECORD }]);
  });

  it('lists every class without --kind, in the classes’ order, in text', () => {
    const run = repo.run(['knowledge', 'nodes']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('knowledge nodes: 2');
    expect(lines.slice(1)).toEqual(['policy  .ai/repo/policy.yaml  .ai/repo/policy.yaml', `session  s-20260901100000-ab12  ${RECORD}`]);
  });

  it('says on stderr, and exits 0, when a required class discovers nothing', () => {
    const other = repos.create().init();
    other.write(
      SOURCES,
      other.read(SOURCES).replace("':(glob).ai/repo/scope.yaml'\n    required: false", "':(glob).ai/repo/scope.yaml'\n    required: true"),
    );
    const run = other.run(['knowledge', 'nodes', '--kind', 'scope']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('knowledge nodes: 0 of kind scope\n');
    expect(run.stderr).toContain('required class scope');
  });

  it('lists by path a tracked node without front matter, and one that is a link to a FIFO, without reading through it', () => {
    const other = repos.create().init();
    other.write('.ai/repo/sessions/plain.md', 'no front matter\n');
    const fifo = join(mkdtempSync(join(tmpdir(), 'knowledge-fifo-')), 'pipe');
    execFileSync('mkfifo', [fifo]);
    symlinkSync(fifo, other.path('.ai/repo/sessions/link.md'));
    other.git(['add', '.ai/repo/sessions']);
    const run = other.run(['knowledge', 'nodes', '--kind', 'session', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { nodes: Node[] }).nodes.map((node) => [node.identity, node.path])).toEqual([
      ['.ai/repo/sessions/link.md', '.ai/repo/sessions/link.md'],
      ['.ai/repo/sessions/plain.md', '.ai/repo/sessions/plain.md'],
    ]);
  });

  it('refuses a kind no class declares (2) and a malformed kind name (2)', () => {
    const unknown = repo.run(['knowledge', 'nodes', '--kind', 'sesion']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean session?');
    expect(unknown.stdout).toBe('');
    const malformed = repo.run(['knowledge', 'nodes', '--kind', 'Session/../x']);
    expect(malformed.code).toBe(2);
    expect(malformed.stdout).toBe('');
  });
});

describe('knowledge sources', () => {
  it('lists the declared classes in the file’s order, in text and JSON', () => {
    const repo = repos.create().init();
    const text = repo.run(['knowledge', 'sources']);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(`knowledge sources: 8 class(es) in ${SOURCES}`);
    const json = repo.run(['knowledge', 'sources', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as {
      file: string;
      sources: { id: string; kind: string; discovery: string; pathspec: string; required: boolean }[];
    };
    expect(parsed.file).toBe(SOURCES);
    expect(parsed.sources.map((source) => source.id)).toEqual([
      'policy',
      'scope',
      'profiles',
      'project-rules',
      'sessions',
      'use-cases',
      'adrs',
      'candidates',
    ]);
    expect(parsed.sources[4]).toEqual({
      id: 'sessions',
      kind: 'session',
      discovery: 'vcs',
      pathspec: ':(glob).ai/repo/sessions/*.md',
      required: false,
    });
  });

  it.each([
    {
      name: 'a class without the :(glob) magic (10)',
      edit: (t: string) => t.replace("':(glob).ai/repo/policy.yaml'", "'.ai/repo/policy.yaml'"),
      code: 10,
    },
    { name: 'an unknown key (10)', edit: (t: string) => t.replace('version: 1\n', 'version: 1\ncolour: red\n'), code: 10 },
    { name: 'a file that does not parse (2)', edit: (t: string) => t.replace('version: 1\n', 'version: 1\n\tx: 1\n'), code: 2 },
  ])('refuses $name, for sources and nodes alike', ({ edit, code }) => {
    const repo = repos.create().init();
    repo.write(SOURCES, edit(repo.read(SOURCES)));
    for (const command of [
      ['knowledge', 'sources'],
      ['knowledge', 'nodes', '--json'],
    ]) {
      const run = repo.run(command);
      expect(run.code, command.join(' ')).toBe(code);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(SOURCES);
    }
  });

  it('is missing (12) without the file, and without a knowledge section in the manifest', () => {
    const repo = repos.create().init();
    repo.remove(SOURCES);
    expect(repo.run(['knowledge', 'sources']).code).toBe(12);
    const section = repos.create().init();
    section.write('.ai/manifest.yaml', section.read('.ai/manifest.yaml').replace('  knowledge: repo/knowledge\n', ''));
    expect(section.run(['knowledge', 'nodes']).code).toBe(12);
  });
});
