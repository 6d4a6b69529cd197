/**
 * The upstream corpus's context documents and projections, read as this version reads them: its
 * `.ai/repo/rules/project/README.md` is a `context/v1` document that satisfies the contract (an id, a
 * subtree scope, every required key), its manifest's `context.documents` is what discovery reads, and
 * its policy's three projections are entries this version renders — `agents` and `claude-code` with
 * the distribution's templates — or names as having no template (`bb`), never a crash.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import type { ContextSource } from '../../engine/context/model';
import { readContextTree } from '../../engine/context/validate';
import { parseYaml } from '../../engine/layer/yaml';
import { inspectTarget } from '../../engine/projections/inspect';
import { readDistribution } from '../../engine/projections/open';
import type { ProjectionSource } from '../../engine/projections/source';
import { projectionEntries } from '../../engine/projections/source';
import { describeUpstream, UPSTREAM } from '../helpers/upstream';

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(UPSTREAM, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

describeUpstream('upstream context documents and projections', () => {
  const read = (path: string): string => readFileSync(join(UPSTREAM, path), 'utf8');
  const manifest = parseYaml(read('.ai/manifest.yaml'), '.ai/manifest.yaml').value;
  const policyText = read('.ai/repo/policy.yaml');
  const policyDoc = parseYaml(policyText, '.ai/repo/policy.yaml');
  const context: ContextSource = {
    files: files(join(UPSTREAM, '.ai')),
    read,
    manifest,
    layerDir: '.ai',
    localDir: '.ai/local',
    rulesDir: '.ai/repo/rules',
    providers: ['agents', 'claude-code', 'bb'],
  };

  it('the project rules README is a valid context/v1 document, found through context.documents', () => {
    const tree = readContextTree(context);
    expect(tree.names).toEqual(['README.md']);
    const doc = tree.docs.find((d) => d.file === '.ai/repo/rules/project/README.md');
    expect(doc).toMatchObject({ id: 'ai.repo.rules.project', scope: 'subtree', composition: 'extend', order: 100, depth: 3 });
    // the corpus holds one README of the layer: every problem is a folder whose own was not collected
    expect(new Set(tree.allProblems.map((p) => p.class))).toEqual(new Set(['missing-contract']));
    expect(tree.allProblems.every((p) => p.subject.endsWith('/'))).toBe(true);
  });

  it("the policy's projections: agents and claude-code render, bb has no template", () => {
    const source: ProjectionSource = {
      policyFile: '.ai/repo/policy.yaml',
      policyText,
      policy: policyDoc.value as Record<string, unknown>,
      policyLines: policyDoc.lines,
      profiles: [],
      repoDir: '.ai/repo',
      exists: () => false,
      read,
      distribution: readDistribution,
      context,
    };
    const entries = projectionEntries(source);
    expect(entries.map((e) => [e.provider, e.target, e.mode, e.alwaysLoaded])).toEqual([
      ['agents', 'AGENTS.md', 'file', true],
      ['claude-code', 'CLAUDE.md', 'file', false],
      ['bb', '.bb/AGENTS.md', 'file', false],
    ]);
    expect(entries.map((entry) => inspectTarget(source, entry, '000000000000').status)).toEqual(['absent', 'absent', 'no template']);
  });
});
