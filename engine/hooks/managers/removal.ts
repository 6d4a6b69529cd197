/**
 * Taking back what majordomus wrote into hook files, and nothing else. A hook file holds our lines only
 * between `# majordomus: begin` and `# majordomus: end`; a file that held nothing else (the header a new
 * hook gets, then blocks) is ours whole and goes, and a file of someone else's that init extended gets
 * the blocks cut out and keeps every other byte. lefthook's configuration gets the section init appended
 * cut out when the file parsed without it is the file as it was less exactly those hooks' sections.
 */
import { isDeepStrictEqual } from 'node:util';
import { BLOCK_BEGIN, BLOCK_END, newHook } from '../blocks';
import { isMapping, parseForeignYaml } from './foreign-yaml';
import { newHuskyHook } from './husky';

/** What becomes of one file: nothing of ours in it, removed whole, or rewritten without our lines. */
export type Removal =
  | { readonly kind: 'none' }
  | { readonly kind: 'remove' }
  | { readonly kind: 'rewrite'; readonly text: string }
  /** Our lines are there but cannot be told apart from the rest: say why, touch nothing. */
  | { readonly kind: 'refuse'; readonly reason: string };

/** What to do with a hook file (plain, or a husky user file) named `hook` whose text is `text`. */
export function removeHookBlocks(hook: string, text: string): Removal {
  const lines = text.split('\n');
  const kept: string[] = [];
  let openedAt: number | undefined;
  let found = false;
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === BLOCK_BEGIN) {
      if (openedAt !== undefined)
        return { kind: 'refuse', reason: `line ${index + 1} opens a majordomus block inside the one opened at line ${openedAt}` };
      openedAt = index + 1;
      found = true;
    } else if (trimmed === BLOCK_END) {
      if (openedAt === undefined) return { kind: 'refuse', reason: `line ${index + 1} closes a majordomus block that was never opened` };
      openedAt = undefined;
    } else if (openedAt === undefined) kept.push(line);
  }
  if (openedAt !== undefined) return { kind: 'refuse', reason: `the majordomus block opened at line ${openedAt} is never closed` };
  if (!found) return { kind: 'none' };
  const rest = kept.join('\n');
  // the header a new hook file gets is ours too: with nothing else left, the file was ours whole
  if (rest.trim() === '' || rest === newHook(hook, []) || rest === newHuskyHook(hook, [])) return { kind: 'remove' };
  return { kind: 'rewrite', text: rest };
}

/** The comment heading the section init appends to lefthook's configuration. */
export const LEFTHOOK_MARKER = "# majordomus: the policy's enforcement, added by majordomus init";

/**
 * lefthook's configuration without the section init appended: from its marker line through the hook
 * sections it added (a key at the margin, then indented lines). Refused when the file without those
 * lines is not the file as it was less exactly those keys, each running majordomus.
 */
export function removeLefthookSection(text: string): Removal {
  const lines = text.split('\n');
  const start = lines.indexOf(LEFTHOOK_MARKER);
  if (start === -1) return { kind: 'none' };
  const keys: string[] = [];
  let end = start + 1;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    const key = /^([a-z-]+):\s*$/.exec(line);
    if (key) keys.push(key[1]!);
    else if (!/^\s+\S/.test(line)) break;
  }
  const rest = [...lines.slice(0, start), ...lines.slice(end)].join('\n');
  const before = parseForeignYaml(text);
  const after = parseForeignYaml(rest);
  const refuse: Removal = {
    kind: 'refuse',
    reason: `the section after \`${LEFTHOOK_MARKER}\` is not only what init added (remove the majordomus commands by hand)`,
  };
  if (!before.ok || !after.ok || !isMapping(before.value)) return refuse;
  const expected: Record<string, unknown> = { ...before.value };
  for (const key of keys) {
    if (!onlyOurs(expected[key])) return refuse;
    delete expected[key];
  }
  const left = after.value ?? {};
  if (!isDeepStrictEqual(left, expected)) return refuse;
  return rest.trim() === '' ? { kind: 'remove' } : { kind: 'rewrite', text: rest };
}

/** A hook section as init appends it: `commands` alone, each with a `run` of majordomus and nothing else. */
function onlyOurs(section: unknown): boolean {
  if (!isMapping(section) || Object.keys(section).join() !== 'commands' || !isMapping(section.commands)) return false;
  return Object.values(section.commands).every(
    (command) =>
      isMapping(command) && Object.keys(command).join() === 'run' && typeof command.run === 'string' && command.run.includes('majordomus'),
  );
}
