/**
 * Taking back what majordomus wrote into hook files, in process: the blocks init writes come out and
 * every other byte stays; a file that held only ours goes; lefthook's appended section comes out only
 * when nothing the user wrote moves with it; a block that cannot be delimited is refused.
 */
import { describe, expect, it } from 'vitest';
import { hookBlock, newHook } from '../../engine/hooks/blocks';
import { newHuskyHook } from '../../engine/hooks/managers/husky';
import { lefthookAddition } from '../../engine/hooks/managers/lefthook';
import { removeHookBlocks, removeLefthookSection } from '../../engine/hooks/managers/removal';

const DOCTOR = { path: 'majordomus', args: ['doctor'] };
const FINISH = { path: 'majordomus', args: ['finish', '--check'] };

describe('removeHookBlocks', () => {
  it.each([
    ['a plain hook init wrote', 'pre-commit', newHook('pre-commit', [DOCTOR])],
    ['a plain hook with two blocks', 'pre-push', newHook('pre-push', [FINISH, DOCTOR])],
    ['a husky user file init wrote', 'pre-commit', newHuskyHook('pre-commit', [DOCTOR])],
  ])('%s is removed whole', (_name, hook, text) => {
    expect(removeHookBlocks(hook, text)).toEqual({ kind: 'remove' });
  });

  it.each([
    ['at the end', (block: string) => `#!/bin/sh\necho team\n${block}`, '#!/bin/sh\necho team\n'],
    ['in the middle, lines after it kept', (block: string) => `#!/bin/bash\nset -e\n${block}npm test\n`, '#!/bin/bash\nset -e\nnpm test\n'],
    ['a husky file of the user', (block: string) => `npx lint-staged\n${block}`, 'npx lint-staged\n'],
  ])('a foreign hook with a block %s keeps every other byte', (_name, make, expected) => {
    expect(removeHookBlocks('pre-commit', make(hookBlock('pre-commit', DOCTOR)))).toEqual({ kind: 'rewrite', text: expected });
  });

  it('a hook with no block of ours is left alone', () => {
    expect(removeHookBlocks('pre-commit', '#!/bin/sh\nmake lint\n')).toEqual({ kind: 'none' });
  });

  it.each([
    ['never closed', '#!/bin/sh\n# majordomus: begin\nmajordomus doctor\n'],
    ['closed without opening', '#!/bin/sh\nmajordomus doctor\n# majordomus: end\n'],
    ['opened twice', '#!/bin/sh\n# majordomus: begin\n# majordomus: begin\n# majordomus: end\n'],
  ])('a block %s is refused', (_name, text) => {
    expect(removeHookBlocks('pre-commit', text).kind).toBe('refuse');
  });
});

describe('removeLefthookSection', () => {
  const items = [
    { hook: 'pre-commit', name: 'doctor-on-commit', invocation: DOCTOR },
    { hook: 'pre-push', name: 'finish-on-push', invocation: FINISH },
  ];

  it('the section init appended comes out, the user’s sections stay byte for byte', () => {
    const user = 'post-merge:\n  commands:\n    deps:\n      run: npm ci\n';
    const text = `${user}${lefthookAddition(user, items)!}`;
    expect(removeLefthookSection(text)).toEqual({ kind: 'rewrite', text: user });
  });

  it('a configuration that ended without a newline is given back byte for byte', () => {
    const user = 'post-merge:\n  commands:\n    deps:\n      run: npm ci';
    // as the writer appends: a newline first when the file lacks one
    const text = `${user}\n${lefthookAddition(user, items)!}`;
    expect(removeLefthookSection(text)).toEqual({ kind: 'rewrite', text: user });
  });

  it('a configuration holding only what init added is removed', () => {
    expect(removeLefthookSection(lefthookAddition('', items)!)).toEqual({ kind: 'remove' });
  });

  it('a user command merged into the appended section is refused', () => {
    const text = `${lefthookAddition('', items)!}`.replace('  commands:\n', '  commands:\n    lint:\n      run: npm run lint\n');
    expect(removeLefthookSection(text).kind).toBe('refuse');
  });

  it('a configuration without the marker is left alone', () => {
    expect(removeLefthookSection('pre-commit:\n  commands:\n    x:\n      run: majordomus doctor\n')).toEqual({ kind: 'none' });
  });
});
