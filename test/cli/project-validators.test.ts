/**
 * A repository's own validators (`.ai/repo/validators/<name>.mjs`): run when a rule names them, imported
 * only then, audited by doctor exactly like built-in ones, and never a crash — a bad module or a
 * throwing plugin is a FAIL of category `doctrine`, exit 10, never 13.
 */
import { symlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../helpers/repo';
import { failing, ROOT, repoFactory } from '../helpers/repo';
import { enforcement, PROJECT, ruleFront, writeRule } from '../helpers/rules';

const repos = repoFactory();
afterAll(() => repos.disposeAll());

const VALIDATORS = '.ai/repo/validators';
const RULE_FILE = `${PROJECT}/no-empty-notes.v1.md`;
const RULE_ID = 'project.no-empty-notes';
const TEST = 'test/no-empty-notes.md';

/** A plugin that reports every tracked `*.note` file that is empty; `extra` goes at the top of the module. */
function plugin(name = 'no_empty_notes', extra = ''): string {
  return `${extra}
export default {
  name: '${name}',
  description: 'A note file is never empty.',
  gates: ['doctor', 'check'],
  run(context) {
    const notes = context.files().filter((file) => file.endsWith('.note'));
    for (const file of notes) {
      if (context.read(file).trim() === '') context.violation({ subject: file, file, message: 'is empty' });
    }
    context.ok({ subject: '.', message: notes.length + ' note(s) checked' });
  },
};
`;
}

/** An adopted repository with the rule naming `validator`, the plugin module and the rule's test. */
function adopted(module = plugin(), validator = 'no_empty_notes'): TempRepo {
  const repo = repos.create().init();
  repo.write(`${VALIDATORS}/${validator}.mjs`, module);
  repo.write(TEST, 'proves the rule\n');
  writeRule(repo, RULE_FILE, [...ruleFront(RULE_ID), ...enforcement({ validator, category: 'notes', gates: ['doctor'], tests: [TEST] })]);
  repo.git(['add', '-A']);
  return repo;
}

describe('a repository validator named by a project rule', () => {
  it('runs at its gate and passes a clean repository', () => {
    const repo = adopted();
    repo.write('a.note', 'text\n');
    repo.git(['add', '-A']);
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(0);
    expect(findings.filter((f) => f.rule === RULE_ID).map((f) => [f.level, f.category])).toStrictEqual([['OK', 'notes']]);
  });

  it('reports its violations as the rule class says', () => {
    const repo = adopted();
    repo.write('empty.note', '');
    repo.git(['add', '-A']);
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.level, f.category, f.subject, f.rule])).toStrictEqual([
      ['FAIL', 'notes', 'empty.note', RULE_ID],
    ]);
  });

  it('is imported only when a rule naming it runs', () => {
    const marker = 'imported.marker';
    const repo = adopted(
      plugin('no_empty_notes', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');`),
    );
    expect(repo.gate(['doctor', '--rule', 'majordomus.policy-integrity']).code).toBe(0);
    expect(repo.exists(marker)).toBe(false);
    expect(repo.run(['start', 'a task to check', '--scope', '.']).code).toBe(0);
    expect(repo.gate(['check']).code).toBe(0); // the rule runs at doctor only
    expect(repo.exists(marker)).toBe(false);
    repo.remove(marker);
    repo.gate(['doctor', '--rule', RULE_ID]);
    expect(repo.exists(marker)).toBe(true);
  });
});

describe('doctor audits repository validators like built-in ones', () => {
  const cases: { name: string; module: string; subject: string; file: string }[] = [
    {
      name: 'a module that throws when run',
      module: plugin().replace('context.ok(', "throw new Error('boom'); context.ok("),
      subject: `${RULE_ID}@1`,
      file: RULE_FILE,
    },
    {
      name: 'a module without run',
      module: plugin().replace('run(context)', 'walk(context)'),
      subject: `${RULE_ID}@1`,
      file: `${VALIDATORS}/no_empty_notes.mjs`,
    },
    {
      name: 'a module whose name is not its file name',
      module: plugin('other_name'),
      subject: `${RULE_ID}@1`,
      file: `${VALIDATORS}/no_empty_notes.mjs`,
    },
    {
      name: 'a module naming a gate that does not exist',
      module: plugin().replace("['doctor', 'check']", "['doctor', 'deploy']"),
      subject: `${RULE_ID}@1`,
      file: `${VALIDATORS}/no_empty_notes.mjs`,
    },
    { name: 'a module that does not parse', module: 'export default {', subject: `${RULE_ID}@1`, file: `${VALIDATORS}/no_empty_notes.mjs` },
    {
      name: 'a default export that is not an object',
      module: 'export default 42;\n',
      subject: `${RULE_ID}@1`,
      file: `${VALIDATORS}/no_empty_notes.mjs`,
    },
  ];
  it.each(cases)('$name → FAIL doctrine, exit 10', ({ module, subject, file }) => {
    const repo = adopted(module);
    const { code, findings, stderr } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(stderr).toBe('');
    expect(failing(findings).map((f) => [f.level, f.category, f.subject, f.file])).toStrictEqual([['FAIL', 'doctrine', subject, file]]);
  });

  it('a module no rule declares → "validator exists but no rule declares it", subject the file', () => {
    const repo = repos.create().init();
    repo.write(`${VALIDATORS}/orphan.mjs`, plugin('orphan'));
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.category, f.subject, f.rule])).toStrictEqual([
      ['doctrine', `${VALIDATORS}/orphan.mjs`, 'majordomus.doctrine-wiring-integrity'],
    ]);
  });

  it('a module shadowed by a built-in name is reported', () => {
    const repo = repos.create().init();
    repo.write(`${VALIDATORS}/policy.mjs`, plugin('policy'));
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.category, f.subject])).toStrictEqual([['doctrine', `${VALIDATORS}/policy.mjs`]]);
  });

  it('a module under .ai/local/ is never loaded', () => {
    const repo = repos.create().init();
    repo.write(`.ai/local/validators/local_only.mjs`, plugin('local_only'));
    repo.write(TEST, 'proves the rule\n');
    writeRule(repo, RULE_FILE, [
      ...ruleFront(RULE_ID),
      ...enforcement({ validator: 'local_only', category: 'notes', gates: ['doctor'], tests: [TEST] }),
    ]);
    const { code, findings } = repo.gate(['doctor']);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.category, f.subject, f.file])).toStrictEqual([['doctrine', `${RULE_ID}@1`, RULE_FILE]]);
  });
});

describe('defineValidator, for a repository that installs majordomus', () => {
  it('types a repository validator and changes nothing at run time', () => {
    const repo = adopted(
      plugin()
        .replace('export default {', "import { defineValidator } from 'majordomus';\nexport default defineValidator({")
        .replace(/\n};\n$/, '\n});\n'),
    );
    expect(repo.read(`${VALIDATORS}/no_empty_notes.mjs`)).toMatch(/^import \{ defineValidator \} from 'majordomus';$/m);
    expect(repo.read(`${VALIDATORS}/no_empty_notes.mjs`)).toMatch(/\}\);\n$/);
    // what `npm install <path>` does for a local package: a link in node_modules
    repo.write('node_modules/.keep', '');
    symlinkSync(ROOT, repo.path('node_modules/majordomus'));
    repo.write('empty.note', '');
    repo.git(['add', '--', 'empty.note']);
    const { code, findings } = repo.gate(['doctor', '--rule', RULE_ID]);
    expect(code).toBe(10);
    expect(failing(findings).map((f) => [f.category, f.subject])).toStrictEqual([['notes', 'empty.note']]);
  });
});
