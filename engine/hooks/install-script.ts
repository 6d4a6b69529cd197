/**
 * How a teammate's clone gets the hooks: git never clones `.git/hooks`, so the project's package
 * manager installs them, as husky's own `prepare` script does. `init` adds
 * `majordomus hooks install --prepare` to the install script of the project's package.json — `prepare`,
 * which npm, pnpm and yarn 1 run on a plain install; `postinstall` for yarn 2 and later, which run no
 * `prepare` — and `--prepare` makes that step one that never fails an install (engine/actions/hooks.ts).
 *
 * The script is added only where it will work and changes nothing else: the package.json at the top
 * level must list majordomus among its dependencies (a global install is not there for a teammate, and a
 * script naming a missing command would fail their install), and the file must be exactly what
 * `JSON.stringify` with its own indentation writes — as npm writes it — so the edit rewrites no byte of
 * its formatting. Otherwise the line to add is printed, and nothing is written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WritePlan } from '../io/write/plan';
import { TOOL } from './blocks';

/** The command an install script runs. */
export const INSTALL_STEP = `${TOOL} hooks install --prepare`;

/** What became of the install script: added, there already, or why not (with what to do). */
export type InstallScript =
  | { readonly state: 'added' | 'present'; readonly script: string }
  | { readonly state: 'not-added'; readonly reason: string };

/** Plan the install script into `plan`; nothing is planned when it cannot be added safely. */
export function planInstallScript(plan: WritePlan, root: string): InstallScript {
  const file = join(root, 'package.json');
  if (!existsSync(file))
    return { state: 'not-added', reason: `there is no package.json, so a teammate's clone installs the hooks with: ${TOOL} hooks install` };
  let text: string;
  let value: unknown;
  try {
    text = readFileSync(file, 'utf8');
    value = JSON.parse(text);
  } catch {
    return {
      state: 'not-added',
      reason: `package.json does not read as JSON, so no install script was added (teammates run: ${TOOL} hooks install)`,
    };
  }
  if (!isObject(value))
    return {
      state: 'not-added',
      reason: `package.json is not an object, so no install script was added (teammates run: ${TOOL} hooks install)`,
    };
  const script = scriptName(root, value);
  const line = `"${script}": "${INSTALL_STEP}"`;
  if (!declaresTool(value))
    return {
      state: 'not-added',
      reason: `package.json does not list ${TOOL} among its dependencies, so an install script naming it would fail a teammate's install (run: npm install --save-dev ${TOOL}, then ${TOOL} init --extend; or have teammates run: ${TOOL} hooks install)`,
    };
  const scripts = isObject(value.scripts) ? value.scripts : undefined;
  const existing = scripts?.[script];
  if (typeof existing === 'string' && existing.includes(`${TOOL} hooks install`)) return { state: 'present', script };
  if (script === 'postinstall' && value.private !== true)
    return {
      state: 'not-added',
      reason: `yarn 2 and later run no prepare script, and a postinstall script also runs in the installs of this package's users, which lack ${TOOL}; if it is never published, add ${line} to its scripts (teammates may instead run: ${TOOL} hooks install)`,
    };
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
  const eol = text.endsWith('\n') ? '\n' : '';
  if (`${JSON.stringify(value, null, indent)}${eol}` !== text)
    return {
      state: 'not-added',
      reason: `package.json is formatted by hand, and init never rewrites its formatting: add ${line} to its scripts${typeof existing === 'string' ? ` (after what it runs now: ${existing} && ${INSTALL_STEP})` : ''}`,
    };
  const command = typeof existing === 'string' && existing.trim() !== '' ? `${existing} && ${INSTALL_STEP}` : INSTALL_STEP;
  const next = withScript(value, script, command);
  plan.replace('package.json', `${JSON.stringify(next, null, indent)}${eol}`);
  return { state: 'added', script };
}

/** `postinstall` under yarn 2 and later (a `.yarnrc.yml`, or `packageManager: yarn@2+`), `prepare` otherwise. */
function scriptName(root: string, value: Record<string, unknown>): 'prepare' | 'postinstall' {
  const manager = typeof value.packageManager === 'string' ? /^yarn@(\d+)/.exec(value.packageManager) : null;
  if (manager) return Number(manager[1]) >= 2 ? 'postinstall' : 'prepare';
  return existsSync(join(root, '.yarnrc.yml')) ? 'postinstall' : 'prepare';
}

function declaresTool(value: Record<string, unknown>): boolean {
  return ['devDependencies', 'dependencies', 'optionalDependencies'].some((key) => {
    const deps = value[key];
    return isObject(deps) && typeof deps[TOOL] === 'string';
  });
}

/** The package with `scripts[name] = command`; a new `scripts` goes before the dependencies, as npm init writes it. */
function withScript(value: Record<string, unknown>, name: string, command: string): Record<string, unknown> {
  if (isObject(value.scripts)) return { ...value, scripts: { ...value.scripts, [name]: command } };
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [key, entry] of Object.entries(value)) {
    if (!placed && /^(devDependencies|dependencies|optionalDependencies|peerDependencies)$/.test(key)) {
      out.scripts = { [name]: command };
      placed = true;
    }
    out[key] = entry;
  }
  if (!placed) out.scripts = { [name]: command };
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
