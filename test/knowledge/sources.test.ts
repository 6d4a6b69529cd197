/**
 * The sources file judged in process (engine/state/knowledge/sources.ts), the one judgement the commands and
 * knowledge_integrity share; and the promise that discovery never walks the disk, held mechanically:
 * nothing under engine/state/knowledge/ lists a folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../engine/layer/yaml';
import { globOf, judgeSources } from '../../engine/state/knowledge/sources';
import { ROOT } from '../helpers/repo';

const SKELETON = readFileSync(join(ROOT, 'share/skeleton/ai/repo/knowledge/sources.yaml'), 'utf8');
const judge = (text: string) => judgeSources(parseYaml(text, 'sources.yaml'));

describe('judgeSources', () => {
  it('reads the skeleton whole: every class, in order, no problem', () => {
    const { classes, problems } = judge(SKELETON);
    expect(problems).toEqual([]);
    expect(classes.map((source) => `${source.id}:${source.kind}`)).toEqual([
      'policy:policy',
      'scope:scope',
      'profiles:profile',
      'project-rules:rule',
      'sessions:session',
      'use-cases:use-case',
      'adrs:adr',
      'candidates:candidate',
    ]);
  });

  it('keeps the first of two classes with one id and reports the second on its line', () => {
    const text = SKELETON.replace('  - id: scope\n', '  - id: policy\n');
    const { classes, problems } = judge(text);
    expect(classes.filter((source) => source.id === 'policy')).toHaveLength(1);
    expect(problems).toHaveLength(1);
    const lines = text.split('\n');
    const second = lines.indexOf('  - id: policy', lines.indexOf('  - id: policy') + 1);
    expect(second).toBeGreaterThan(0);
    expect(problems[0]!.line).toBe(second + 1);
  });

  it('refuses a pathspec that leaves the repository, on the pathspec line, and drops the class', () => {
    const text = SKELETON.replace("':(glob).ai/repo/scope.yaml'", "':(glob)../outside/*.yaml'");
    const { classes, problems } = judge(text);
    expect(classes.map((source) => source.id)).not.toContain('scope');
    expect(problems.map((problem) => problem.line)).toEqual([text.split('\n').findIndex((l) => l.includes('../outside')) + 1]);
  });

  it('drops a class the schema refuses (no :(glob) magic) and reports it once', () => {
    const { classes, problems } = judge(SKELETON.replace("':(glob).ai/repo/scope.yaml'", "'.ai/repo/scope.yaml'"));
    expect(classes.map((source) => source.id)).not.toContain('scope');
    expect(problems).toHaveLength(1);
  });

  it('reads class ids as the upstream tool writes them, with underscores (use_case, claim_page, project_docs)', () => {
    const upstream = [
      '# written as the upstream tool writes it',
      'version: 1',
      '',
      'sources:',
      ...[
        ['policy', 'policy', '.ai/repo/policy.yaml', 'true'],
        ['use_case', 'use-case', '.ai/repo/use-cases/*.md', 'false'],
        ['claim_page', 'document', 'docs/claims/*.md', 'false'],
        ['project_docs', 'document', 'docs/*.md', 'false'],
        ['case', 'test', 'test/cases/*.sh', 'false'],
      ].flatMap(([id, kind, glob, required]) => [
        `  - id: ${id}`,
        `    kind: ${kind}`,
        '    discovery: vcs',
        `    pathspec: ':(glob)${glob}'`,
        `    required: ${required}`,
        '',
      ]),
    ].join('\n');
    const { classes, problems } = judge(upstream);
    expect(problems).toEqual([]);
    expect(classes.map((source) => source.id)).toEqual(['policy', 'use_case', 'claim_page', 'project_docs', 'case']);
    // an id is still a name, not any text
    for (const bad of ['Use_case', '_docs', 'docs/x', 'a b'])
      expect(judge(upstream.replace('id: project_docs', `id: '${bad}'`)).problems, bad).toHaveLength(1);
  });

  it('globOf removes the magic and nothing else', () => {
    expect(globOf(':(glob).ai/repo/sessions/*.md')).toBe('.ai/repo/sessions/*.md');
  });
});

describe('discovery is git, never a walk of the disk', () => {
  it('no module of engine/state/knowledge/ lists a folder or imports node:fs', () => {
    const dir = join(ROOT, 'engine/state/knowledge');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/readdir|opendir|glob\(|from 'node:fs'|from 'fs'/);
    }
  });
});
