/**
 * The hook managers' pieces, in process: what init appends to a lefthook configuration is exactly what
 * it says and nothing of the user's changes; what init prints for lefthook and pre-commit is read back
 * as wired by the same search the wiring rule runs, whatever the policy's arguments; pre-commit's
 * entries are split into words as pre-commit splits them.
 */

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BLOCK_BEGIN, BLOCK_END, commandLine, findInvocation, hookBlock } from '../../engine/hooks/blocks';
import type { WiringItem } from '../../engine/hooks/managers/config-search';
import { appendVerified, parseForeignYaml } from '../../engine/hooks/managers/foreign-yaml';
import { huskyBlock, isHuskyStub, newHuskyHook } from '../../engine/hooks/managers/husky';
import { lefthookAddition, lefthookSnippet, searchLefthook } from '../../engine/hooks/managers/lefthook';
import { preCommitSnippet, searchPreCommit, splitWords } from '../../engine/hooks/managers/pre-commit';
import { HUSKY_STUB } from '../helpers/hook-managers';

const item = (hook: string, args: readonly string[], path = 'majordomus', name?: string): WiringItem => ({
  hook,
  name,
  invocation: { path, args },
});

/** Policies a user may write: the skeleton's, odd arguments, another path, another subcommand. */
const POLICIES: readonly (readonly WiringItem[])[] = [
  [
    item('pre-commit', ['doctor', '--quiet'], 'majordomus', 'doctor-on-commit'),
    item('pre-push', ['finish', '--check', '--quiet'], 'majordomus', 'finish-on-push'),
  ],
  [item('pre-commit', ['doctor'])],
  [item('pre-push', ['doctor', '--quiet'])],
  [item('pre-commit', ['doctor', "it's", 'two words', '$(touch x)', '#', '"', '\\'])],
  [item('pre-commit', ['gate', '--strict'], 'bin/majordomus', 'project-gate')],
  [item('commit-msg', ['check'], 'majordomus')],
];

describe('lefthook: what init appends', () => {
  it.each(POLICIES.map((items) => [items.map((i) => commandLine(i.invocation)).join(' / '), items] as const))(
    '%s: appended to a configuration without those sections, it is read back as wired',
    (_name, items) => {
      const original = '# our hooks\ncommit-msg-lint:\n  commands:\n    x:\n      run: echo x\n';
      const addition = lefthookAddition(original, items);
      expect(addition).toBeDefined();
      const parsed = parseForeignYaml(`${original}${addition!}`);
      expect(parsed.ok).toBe(true);
      const value = (parsed as { value: Record<string, unknown> }).value;
      expect(value['commit-msg-lint']).toEqual(parse(original)['commit-msg-lint']);
      for (const wanted of items) expect(searchLefthook(value, wanted.hook, wanted.invocation)).toMatchObject({ wired: true });
      // the printed snippet is the same YAML
      const snippet = parse(lefthookSnippet(items).join('\n')) as Record<string, unknown>;
      for (const wanted of items) expect(searchLefthook(snippet, wanted.hook, wanted.invocation)).toMatchObject({ wired: true });
    },
  );

  it.each([
    ['a section of that name already there', 'pre-commit:\n  commands:\n    lint:\n      run: eslint\n'],
    ['a flow mapping', '{colors: false}\n'],
    ['a flow mapping without a final newline', '{colors: false}'],
    ['a document end marker', 'colors: false\n...\n'],
    ['two documents', 'colors: false\n---\nskip_output: [meta]\n'],
    ['a list', '- a\n- b\n'],
    ['a scalar', 'just text\n'],
    ['not YAML', 'a: [unclosed\n'],
  ])('%s → no append', (_name, text) => {
    expect(lefthookAddition(text, POLICIES[0]!)).toBeUndefined();
  });

  it('a file without a final newline: the writer puts one before the sections, and the file still ends without one', () => {
    const addition = lefthookAddition('colors: false', POLICIES[0]!);
    expect(addition?.startsWith('#')).toBe(true);
    expect(addition?.endsWith('\n')).toBe(false);
    const parsed = parseForeignYaml(`colors: false\n${addition!}`);
    expect(parsed.ok && searchLefthook(parsed.value, 'pre-commit', POLICIES[0]![0]!.invocation).wired).toBe(true);
  });

  it('an empty or comment-only file takes the sections whole', () => {
    for (const text of ['', '# nothing yet\n']) expect(lefthookAddition(text, POLICIES[0]!)).toBeDefined();
  });

  it('appendVerified refuses an addition that would change what is there', () => {
    // the added line continues the user's last mapping instead of starting a new key
    expect(appendVerified('a:\n  b: 1\n', '  c: 2\n', (current) => ({ ...current, c: 2 }))).toBeUndefined();
    expect(appendVerified('a:\n  b: 1\n', 'c: 2\n', (current) => ({ ...current, c: 2 }))).toBe('c: 2\n');
  });
});

describe('pre-commit: what init prints', () => {
  it.each(POLICIES.map((items) => [items.map((i) => commandLine(i.invocation)).join(' / '), items] as const))(
    '%s: the printed repos items are read back as wired',
    (_name, items) => {
      const text = ['repos:', ...preCommitSnippet(items, { url: 'https://example.invalid/majordomus', rev: 'v0.1.0' }), ''].join('\n');
      const value = parse(text) as unknown;
      for (const wanted of items) expect(searchPreCommit(value, wanted.hook, wanted.invocation)).toMatchObject({ wired: true });
    },
  );

  it('the skeleton policy takes the two shipped hooks as they are, nothing overridden', () => {
    const lines = preCommitSnippet(POLICIES[0]!, { url: 'U', rev: 'R' });
    expect(lines).toEqual(['  - repo: U', '    rev: R', '    hooks:', '      - id: majordomus-doctor', '      - id: majordomus-finish']);
  });

  it.each([
    ['majordomus doctor --quiet', ['majordomus', 'doctor', '--quiet']],
    ["majordomus doctor 'two words'", ['majordomus', 'doctor', 'two words']],
    [`majordomus 'it'"'"'s'`, ['majordomus', "it's"]],
    ['majordomus "a \\"b\\" $c"', ['majordomus', 'a "b" $c']],
    ['majordomus a\\ b', ['majordomus', 'a b']],
    ["majordomus ''", ['majordomus', '']],
    ['  majordomus   doctor  ', ['majordomus', 'doctor']],
  ])('entry %s splits into %j', (entry, words) => {
    expect(splitWords(entry)).toEqual(words);
  });
});

describe('husky: its stub', () => {
  it.each([
    ['husky 9.1', HUSKY_STUB, true],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, the ${…} is the shell's parameter expansion
    ['husky 9.0', '#!/usr/bin/env sh\n. "${0%/*}/h"', true],
    ['a stub with a line appended', `${HUSKY_STUB}\nmajordomus doctor --quiet || exit $?\n`, true],
    ['a plain hook', '#!/bin/sh\nmajordomus doctor --quiet\n', false],
    ['a commented source line', '#!/bin/sh\n# . "$(dirname "$0")/h"\n', false],
  ])('%s → %s', (_name, text, stub) => {
    expect(isHuskyStub(text)).toBe(stub);
  });
});

describe('husky: the block in a user hook file', () => {
  const doctor = { path: 'majordomus', args: ['doctor', '--quiet'] };

  it("is the invocation line alone between the markers: husky's runner puts node_modules/.bin on PATH", () => {
    const lines = huskyBlock('pre-commit', doctor).trimEnd().split('\n');
    expect(lines).toEqual([BLOCK_BEGIN, `${commandLine(doctor)} || exit $?`, BLOCK_END]);
    expect(newHuskyHook('pre-commit', [doctor])).not.toContain('majordomus() {');
    expect(findInvocation(newHuskyHook('pre-commit', [doctor]), doctor).line).toBe(3);
  });

  it('a plain hook keeps its lookup of the tool (git puts nothing on PATH)', () => {
    expect(hookBlock('pre-commit', doctor)).toContain('majordomus() {');
  });
});
