/**
 * lefthook: a YAML file at the top level (`lefthook.yml`, `.lefthook.yml`, `lefthook.yaml`,
 * `.lefthook.yaml`) says what runs at each git hook, and `lefthook install` writes `.git/hooks/<hook>`
 * scripts that call `lefthook run <hook>`. A command is `<hook>: commands: <name>: run: <shell line>`
 * (or an item of `<hook>: jobs:`); lefthook runs the line with `sh -c` at the top level, so the line is
 * judged as a hook line is: the invocation as whole words, its exit code kept, no argument bare.
 * `lefthook-local.yml` (`.lefthook-local.yml` beside a dotted main file) is merged over it in a clone.
 */

import type { Invocation } from '../blocks';
import { commandLine, findInvocation, LOCAL_BIN, TOOL } from '../blocks';
import type { ConfigSearch, KeyPath, WiringItem } from './config-search';
import { appendVerified, isMapping, yamlScalar } from './foreign-yaml';

/** The main configuration's names, in the order they are looked for. */
export const LEFTHOOK_CONFIGS = ['lefthook.yml', '.lefthook.yml', 'lefthook.yaml', '.lefthook.yaml'] as const;

/** The local configuration lefthook merges over `config` (`lefthook.yml` → `lefthook-local.yml`). */
export function lefthookLocalConfig(config: string): string {
  return config.replace(/^(\.?)lefthook\./, '$1lefthook-local.');
}

/** True when a git hook is lefthook's: a script that calls `lefthook run <hook>`. */
export function isLefthookHook(text: string, hook: string): boolean {
  return /lefthook/.test(text) && new RegExp(`\\brun\\s+["']?${hook}["'\\s]`).test(text);
}

/** What makes a command or a hook run only sometimes. */
const CONDITIONS = ['skip', 'only', 'glob', 'files'] as const;

/**
 * Whether the configuration `value` runs `invocation` at `hook`. The first command running it without
 * conditions wins; otherwise the problem with the first one found, or that none runs it.
 */
export function searchLefthook(value: unknown, hook: string, invocation: Invocation): ConfigSearch {
  const command = commandLine(invocation);
  if (!isMapping(value) || !isMapping(value[hook])) {
    return {
      wired: false,
      problem: `has no \`${hook}:\` section, so lefthook runs nothing of ours at ${hook} (add \`${command}\` as one of its commands)`,
    };
  }
  const section = value[hook];
  const hookCondition = conditionOf(section);
  let problem: ConfigSearch | undefined;
  for (const { path, run, options } of commandsOf(section, hook)) {
    const found = findInvocation(run, invocation);
    const runAt = [...path, 'run'];
    if (found.exposed) {
      return {
        wired: false,
        path: runAt,
        problem: `writes ${JSON.stringify(found.exposed.word)} unquoted in \`run\`, so the shell expands or splits it and runs something the policy does not say (the line is \`${command}\`)`,
      };
    }
    if (found.line === undefined) continue;
    const commandCondition = conditionOf(options);
    if (found.swallowed)
      problem ??= {
        wired: false,
        path: runAt,
        problem: `runs \`${command}\` at ${hook} but swallows its exit code with \`${found.swallowed}\` (remove it, so a failure stops the action)`,
      };
    else if (hookCondition)
      problem ??= {
        wired: false,
        path: [hook, hookCondition],
        problem: `runs \`${command}\` at ${hook} only sometimes: its \`${hook}\` section sets \`${hookCondition}\` (remove it, so it runs on every ${hook})`,
      };
    else if (commandCondition)
      problem ??= {
        wired: false,
        path: [...path, commandCondition],
        problem: `runs \`${command}\` at ${hook} only sometimes: the command sets \`${commandCondition}\` (remove it, so it runs on every ${hook})`,
      };
    else return { wired: true, path };
  }
  const extra = value.extends !== undefined || value.remotes !== undefined ? '; its `extends` and `remotes` are not read' : '';
  return (
    problem ?? {
      wired: false,
      path: [hook],
      problem: `runs no command \`${command}\` at ${hook} (add it as one of the \`${hook}\` commands${extra})`,
    }
  );
}

/**
 * Whether the local configuration `local` undoes a command found wired at `path` of the main one: it
 * skips or narrows the hook or the command, or gives the command another `run`.
 */
export function localOverride(local: unknown, path: KeyPath, invocation: Invocation): string | undefined {
  if (!isMapping(local)) return undefined;
  const [hook] = path;
  const section = local[hook as string];
  if (!isMapping(section)) return undefined;
  const hookCondition = conditionOf(section);
  if (hookCondition) return `sets \`${hookCondition}\` on the whole \`${String(hook)}\` section`;
  let node: unknown = section;
  for (const key of path.slice(1))
    node = isMapping(node) || Array.isArray(node) ? (node as Record<string | number, unknown>)[key] : undefined;
  if (!isMapping(node)) return undefined;
  const condition = conditionOf(node);
  if (condition) return `sets \`${condition}\` on the command`;
  if (typeof node.run === 'string' && findInvocation(node.run, invocation).line === undefined) return 'gives the command another `run`';
  return undefined;
}

/** Every command of a hook section: `commands` by name, then `jobs` in order, each with its `run`. */
function commandsOf(section: Record<string, unknown>, hook: string): { path: KeyPath; run: string; options: Record<string, unknown> }[] {
  const out: { path: KeyPath; run: string; options: Record<string, unknown> }[] = [];
  if (isMapping(section.commands)) {
    for (const [name, options] of Object.entries(section.commands)) {
      if (isMapping(options) && typeof options.run === 'string') out.push({ path: [hook, 'commands', name], run: options.run, options });
    }
  }
  if (Array.isArray(section.jobs)) {
    section.jobs.forEach((options, index) => {
      if (isMapping(options) && typeof options.run === 'string') out.push({ path: [hook, 'jobs', index], run: options.run, options });
    });
  }
  return out;
}

/** The first key of `options` that makes it run only sometimes, when its value does (`skip: false` does not). */
function conditionOf(options: Record<string, unknown>): string | undefined {
  return CONDITIONS.find((key) => options[key] !== undefined && options[key] !== null && options[key] !== false);
}

/**
 * The `run` line for an invocation. For the bare `majordomus`, the checkout's `node_modules/.bin` is put
 * first on PATH, as husky's runner does, so a project that installed the tool as a dev dependency finds it.
 */
export function lefthookRun(invocation: Invocation): string {
  const line = commandLine(invocation);
  return invocation.path === TOOL ? `PATH="${LOCAL_BIN.slice(0, LOCAL_BIN.lastIndexOf('/'))}:$PATH" ${line}` : line;
}

/** The YAML lines that make lefthook run `items`, one section per hook, ready to paste. */
export function lefthookSnippet(items: readonly WiringItem[]): string[] {
  const lines: string[] = [];
  for (const [hook, list] of byHook(items)) {
    lines.push(`${hook}:`, '  commands:');
    list.forEach((item, index) => {
      lines.push(`    ${commandName(item, index)}:`, `      run: ${yamlScalar(lefthookRun(item.invocation))}`);
    });
  }
  return lines;
}

/**
 * The text to append to the configuration so lefthook runs `items`, or undefined when it cannot be
 * appended without rewriting what is there (a hook's section already exists, the file is not a block
 * mapping, or it does not parse).
 */
export function lefthookAddition(text: string, items: readonly WiringItem[]): string | undefined {
  const addition = `# majordomus: the policy's enforcement, added by majordomus init\n${lefthookSnippet(items).join('\n')}\n`;
  return appendVerified(text, addition, (current) => {
    const expected: Record<string, unknown> = { ...current };
    for (const [hook, list] of byHook(items)) {
      // a section already there: the append would duplicate its key; only the user can merge into it
      if (hook in current) return undefined;
      expected[hook] = {
        commands: Object.fromEntries(list.map((item, index) => [commandName(item, index), { run: lefthookRun(item.invocation) }])),
      };
    }
    return expected;
  });
}

function commandName(item: WiringItem, index: number): string {
  return item.name ?? `majordomus-${index + 1}`;
}

function byHook(items: readonly WiringItem[]): Map<string, WiringItem[]> {
  const map = new Map<string, WiringItem[]>();
  for (const item of items) {
    const list = map.get(item.hook);
    if (list) list.push(item);
    else map.set(item.hook, [item]);
  }
  return map;
}
