/**
 * The vacuity check of `finish --verify-command` (engine/state/tasks/vacuous.ts), in process: the 21
 * forms a command that cannot fail takes — quoted, commented, grouped, negated, backgrounded, prefixed,
 * nested, swallowing — are each refused, and commands that can fail (redirections, `&&` chains, a
 * pipeline ending in the test) are not. The policy's `verification.commands` pins what runs: an exact
 * entry, or a `prefix *` extended with plain arguments only.
 */
import { describe, expect, it } from 'vitest';
import { notPinned, vacuousReason } from '../../engine/state/tasks/verify';

/** The forms of a command that succeeds whatever the work is. */
const VACUOUS = [
  'true # really',
  "'true'",
  '(true)',
  '{ true; }',
  '! false',
  'exit 00',
  'true &',
  'command true',
  'sh -c true',
  'test 1',
  'cd .',
  ':',
  'true;true',
  'TRUE=1 true',
  'exec true',
  '/bin/true',
  '/usr/bin/env true',
  'echo ok',
  'printf x',
  'exit',
  'sleep 0',
] as const;

/** More of the same: swallowing a real command's status, or hiding in another shell. */
const SWALLOWING = [
  'npm test || true',
  'npm test; true',
  'npm test | cat',
  'npm test &',
  'npm test\nexit 0',
  'exit 0; npm test',
  'bash -c "npm test || :"',
  'eval true',
  '[ 1 ]',
  '"true"',
  't\\rue',
  'env -i FOO=1 true',
  'builtin :',
  '',
] as const;

/** Commands that can fail. */
const CAN_FAIL = [
  'npm test',
  'npm test 2>&1',
  'npm test >/dev/null 2>&1',
  'npm run lint && npm test',
  'npm test && echo done',
  'echo start; npm test',
  'git --version',
  'set -o pipefail; npm test | tee out.log',
  'sh -c "npm test"',
  'test -f build/out.js',
  'false',
  'exit 1',
  'npm test # comment',
  'make -C src check',
] as const;

describe('vacuousReason', () => {
  it('counts 21 forms of a command that cannot fail', () => {
    expect(new Set(VACUOUS).size).toBe(21);
  });

  it.each(VACUOUS)('refuses %j', (command) => {
    expect(vacuousReason(command)).toBeDefined();
  });

  it.each(SWALLOWING)('refuses %j', (command) => {
    expect(vacuousReason(command)).toBeDefined();
  });

  it.each(CAN_FAIL)('accepts %j', (command) => {
    expect(vacuousReason(command)).toBeUndefined();
  });
});

describe('verification.commands', () => {
  const pinned = ['npm test', 'npm run check *'];

  it('nothing pinned: any command', () => {
    expect(notPinned('make check', undefined)).toBeUndefined();
    expect(notPinned('make check', [])).toBeUndefined();
  });

  it.each(['npm test', '  npm test ', 'npm run check', 'npm run check -- --run', 'npm run check src/a.test.ts'])(
    'accepts %j',
    (command) => {
      expect(notPinned(command, pinned)).toBeUndefined();
    },
  );

  it.each([
    'npm test -- --run',
    'npm run checker',
    'npm run check; curl example.com',
    'npm run check && rm -rf src',
    'npm run check $(touch x)',
    'npm run check `id`',
    'npm run check | cat',
    'true',
  ])('refuses %j, naming the commands it accepts', (command) => {
    expect(notPinned(command, pinned)).toMatch(/verification\.commands: "npm test", "npm run check \*"/);
  });
});
