/**
 * Parity: one name, four places. A validator `x` is validators/x.ts, registered under `x`, declared by a
 * shipped rule, proved by test/validators/x.test.ts and documented under `## x` in docs/VALIDATORS.md.
 * Every rule the distribution ships loads, and resolves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gates } from '../engine/generated/gates';
import { WorkingTree } from '../engine/io/tree';
import { loadRuleFiles } from '../engine/ruleset/rules';
import { ROOT } from './helpers/repo';
import { validators } from './helpers/validators';

const registry = validators as Record<string, { name: string; gates: readonly string[]; description: string }>;
const names = Object.keys(registry);
const packs = readdirSync(join(ROOT, 'rules')).filter((pack) => existsSync(join(ROOT, 'rules', pack, 'rules')));
const shipped = loadRuleFiles(
  new WorkingTree(ROOT),
  packs.flatMap((pack) =>
    readdirSync(join(ROOT, 'rules', pack, 'rules'))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => ({ file: `rules/${pack}/rules/${name}`, provenance: { origin: 'vendor' as const, vendor: pack } })),
  ),
);

describe('the registry', () => {
  it('has exactly one key per validator file, sorted', () => {
    const files = readdirSync(join(ROOT, 'validators'))
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts')
      .map((name) => name.slice(0, -3))
      .sort();
    expect(names).toStrictEqual(files);
    expect(names).toStrictEqual([...names].sort());
  });

  it.each(names)('%s is registered under its own name, with a description and known gates', (name) => {
    const validator = registry[name]!;
    expect(validator.name).toBe(name);
    expect(validator.description.length).toBeGreaterThan(10);
    expect(validator.gates.length).toBeGreaterThan(0);
    for (const gate of validator.gates) expect(Object.keys(gates)).toContain(gate);
  });
});

describe('one name, four places', () => {
  const docs = readFileSync(join(ROOT, 'docs/VALIDATORS.md'), 'utf8');
  it.each(names)('%s has a rule, a test and a doc section', (name) => {
    const declaring = shipped.rules.filter((rule) => rule.enforcement?.validator === name);
    expect(declaring.length).toBeGreaterThan(0);
    expect(existsSync(join(ROOT, 'test/validators', `${name}.test.ts`))).toBe(true);
    expect(docs).toMatch(new RegExp(`^## ${name}$`, 'm'));
    for (const rule of declaring) expect(rule.enforcement!.tests).toContain(`test/validators/${name}.test.ts`);
  });

  it('documents no validator that is not registered', () => {
    const documented = [...docs.matchAll(/^## ([a-z_]+)$/gm)].map((match) => match[1]);
    expect(documented.sort()).toStrictEqual([...names].sort());
  });
});

describe('the shipped rules', () => {
  it('load and resolve without a problem', () => {
    expect(shipped.problems).toStrictEqual([]);
    expect(shipped.refused).toBe(false);
    expect(shipped.rules.length).toBe(shipped.files.length);
  });

  it('name only registered validators, at gates those validators support, with tests that exist', () => {
    for (const rule of shipped.rules) {
      const enforcement = rule.enforcement;
      if (!enforcement) continue;
      const validator = registry[enforcement.validator];
      expect(validator, `${rule.identity} names ${enforcement.validator}`).toBeDefined();
      for (const gate of enforcement.enforcedBy) expect(validator!.gates).toContain(gate);
      for (const test of enforcement.tests) expect(existsSync(join(ROOT, test)), `${rule.identity}: ${test}`).toBe(true);
    }
  });

  it('are in the majordomus namespace, one identity each', () => {
    const identities = shipped.rules.map((rule) => rule.identity);
    expect(new Set(identities).size).toBe(identities.length);
    for (const rule of shipped.rules.filter(
      (r) => r.provenance.origin === 'vendor' && (r.provenance as { vendor: string }).vendor === 'majordomus',
    )) {
      expect(rule.id.startsWith('majordomus.')).toBe(true);
    }
  });
});
