/**
 * init: adopt a repository. Writes the skeleton layer, vendors the rule packages this version ships,
 * ignores the local half, installs the git hooks the policy's enforcement declares, through the hook
 * manager the repository uses (engine/hooks/plan.ts), and generates the instruction files the policy
 * projects that do not exist yet (./init-projections.ts). Everything goes through one write plan
 * (engine/io/write/): computed whole under the repository's write lock, checked whole, then
 * written, so a refusal leaves the repository as it was. It never overwrites a
 * file it did not write: what exists is kept, except what it can only repair — an empty manifest or
 * policy, a truncated file of its own vendored package. It prints a summary of what it wrote and found
 * (./init-report.ts), every path under `--verbose`; `--dry-run` plans and prints and writes nothing.
 */
import type { Stats } from 'node:fs';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Invocation } from '../commands/define';
import { RefusedError, UsageError } from '../errors';
import type { Policy } from '../generated/types';
import { planInstallScript } from '../hooks/install-script';
import { planHooks } from '../hooks/plan';
import { distributionRoot } from '../io/distribution';
import { GitRepository } from '../io/git';
import { unsafePathReason } from '../io/paths';
import { WorkingTree } from '../io/tree';
import { isWriterLeftover } from '../io/write/apply';
import { lockFile, withWriteLock } from '../io/write/lock';
import type { WriteScope } from '../io/write/plan';
import { WritePlan } from '../io/write/plan';
import type { Layout } from '../layer/layout';
import { AI_DIR, layoutFromManifest, MANIFEST_PATH } from '../layer/layout';
import { parseYaml } from '../layer/yaml';
import { initPacks, optionalPacks } from '../packs/registry';
import { packageOwnership } from '../packs/vendor';
import { rulesDir } from '../ruleset/rules';
import { planInitProjections } from './init-projections';
import type { Adoption } from './init-report';
import { foundBefore, initReport } from './init-report';

export interface InitOptions {
  readonly extend?: boolean;
  /** Plan everything, write nothing, print the plan. */
  readonly dryRun?: boolean;
  /** Print every path written, not only the summary. */
  readonly verbose?: boolean;
  /** Install the hooks into a `core.hooksPath` outside the repository (refused without it). */
  readonly externalHooks?: boolean;
}

/** Kept in each section directory that would otherwise be empty, since git does not track directories. */
const KEEP = '.gitkeep';
const SKELETON = 'share/skeleton/ai';

export async function runInit(options: InitOptions, invocation: Invocation): Promise<void> {
  const { cwd, env } = invocation;
  const git = GitRepository.discover(cwd, { env });
  const command = options.extend ? 'init --extend' : 'init';
  const adoption = await withWriteLock(lockFile(git.commonDir), command, () => adopt(git, options, command));
  process.stdout.write(`${initReport(adoption, { command, dryRun: options.dryRun, verbose: options.verbose }).join('\n')}\n`);
}

/** Plan and write the adoption (or only plan it, under --dry-run); what it did and found. Runs under the write lock. */
function adopt(git: GitRepository, options: InitOptions, command: string): Adoption {
  const found = foundBefore(git.root);
  const root = git.root;
  const manifestFile = readLayerFile(root, MANIFEST_PATH);
  if (manifestFile.state !== 'absent' && !options.extend) {
    throw new RefusedError(
      `this repository is already adopted: ${MANIFEST_PATH} exists (run: majordomus init --extend to add only what is missing)`,
    );
  }
  const notes: string[] = [];
  const plan = new WritePlan({ command, base: root, scopes: scopes(git, options) });
  const skeleton = join(distributionRoot(), SKELETON);
  const skeletonManifest = readFileSync(join(skeleton, 'manifest.yaml'), 'utf8');

  // the manifest as it stands: missing or empty, it is the skeleton's (written last, below)
  const manifestText =
    manifestFile.state === 'text' && !isEmptyDocument(manifestFile.text, MANIFEST_PATH) ? manifestFile.text : skeletonManifest;
  const layout = readLayout(root, manifestText);
  const skeletonLayout = layoutFromManifest(root, new WorkingTree(root), skeletonManifest);
  refuseUnsafeSections(layout);

  const where = (file: string): string => placeOf(file, skeletonLayout, layout);
  const policyPath = where('repo/policy.yaml');
  const policyFile = readLayerFile(root, policyPath);
  for (const file of walk(skeleton)) {
    if (file === 'manifest.yaml') continue;
    const path = where(file);
    const content = readFileSync(join(skeleton, file));
    // an empty policy (what doctor sends here) is repaired; any other existing file is kept
    if (path === policyPath && policyFile.state === 'text' && isEmptyDocument(policyFile.text, policyPath)) plan.replace(path, content);
    else plan.create(path, content, { ifAbsent: true });
  }

  const rules = rulesDir(layout);
  for (const pack of initPacks()) {
    const dir = `${rules}/vendor/${pack.name}`;
    // a pack an adopted repository dropped stays dropped: --extend repairs only the packs it holds
    if (manifestFile.state !== 'absent' && pack.vendoring !== 'always' && !entryExists(join(root, dir))) continue;
    planPackage(plan, root, dir, pack.name, notes);
  }

  for (const [name, value] of Object.entries(sectionsOf(layout))) {
    if (typeof value !== 'string' || value.endsWith('.yaml') || name === 'project') continue;
    const dir = layout.section(name)!;
    plan.tidy(dir);
    const planned = plan.operations.some((operation) => operation.path.startsWith(`${join(root, dir)}${sep}`));
    if (!planned && !nonEmptyDir(join(root, dir))) plan.create(`${dir}/${KEEP}`, '', { ifAbsent: true });
  }

  planIgnore(plan, git, layout.localDir);

  const policyText =
    policyFile.state === 'text' && !isEmptyDocument(policyFile.text, policyPath)
      ? policyFile.text
      : readFileSync(join(skeleton, 'repo/policy.yaml'), 'utf8');
  const policy = mapping(parseYaml(policyText, policyPath).value, policyPath) as unknown as Policy;
  const hooks = planHooks(plan, git, policy, options, notes);
  // a teammate's clone gets plain hooks from the package manager's install; a manager's files travel with the commit
  const installScript = [...hooks.managers.values()].includes('git') ? planInstallScript(plan, root) : undefined;
  planInitProjections(plan, git, layout, notes);

  // the manifest last: a run killed before it leaves a repository plain `init` completes
  if (manifestFile.state === 'absent') plan.create(MANIFEST_PATH, skeletonManifest);
  else if (manifestFile.text !== manifestText) plan.replace(MANIFEST_PATH, skeletonManifest);

  const written = (options.dryRun ? plan.preview() : plan.commit()).map((done) => done.path);
  const optional = optionalPacks().filter((pack) => !entryExists(join(root, `${rules}/vendor/${pack.name}`)));
  return {
    written,
    notes,
    hooks,
    hooksDir: plan.shown(git.hooksDir),
    installScript,
    found,
    optional: optional.map((pack) => ({ name: pack.name, description: pack.description })),
    layer: { ai: AI_DIR, vendor: `${rules}/vendor/` },
  };
}

/** Where the plan may write: the working tree and git's common directory, and an outside hooks directory when allowed. */
function scopes(git: GitRepository, options: InitOptions): WriteScope[] {
  const list: WriteScope[] = [
    { dir: git.root, name: 'the repository' },
    { dir: git.commonDir, name: "the repository's git directory" },
  ];
  if (options.externalHooks) list.push({ dir: git.hooksDir, name: 'the hooks directory core.hooksPath names' });
  return list;
}

/** A layer document as found: absent, or its text; anything but a regular file is refused before it is read. */
type LayerFile = { readonly state: 'absent' } | { readonly state: 'text'; readonly text: string };

function readLayerFile(root: string, path: string): LayerFile {
  const abs = join(root, path);
  try {
    lstatSync(abs);
  } catch {
    return { state: 'absent' };
  }
  let stat: Stats;
  try {
    stat = statSync(abs);
  } catch {
    throw new RefusedError(`${path} is a dangling symbolic link; nothing was written (remove it, then run: majordomus init --extend)`);
  }
  if (!stat.isFile()) {
    throw new RefusedError(
      `${path} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'} where a file belongs; nothing was written (remove or rename it, then run: majordomus init --extend)`,
    );
  }
  if (stat.size > 1024 * 1024) throw new UsageError(`${path} is ${stat.size} bytes, over the 1048576-byte cap; nothing was written`);
  try {
    return { state: 'text', text: readFileSync(abs, 'utf8') };
  } catch (error) {
    throw new RefusedError(
      `${path} cannot be read (${(error as NodeJS.ErrnoException).code}); nothing was written (check its permissions)`,
    );
  }
}

/** True for a document holding no value: empty, only comments, or `~`/`null` — what init may replace. */
function isEmptyDocument(text: string, path: string): boolean {
  return parseYaml(text, path).value === null;
}

/** The value of a layer document when it is a mapping; anything else is refused with what to do (2). */
function mapping(value: unknown, path: string): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  const found = Array.isArray(value) ? 'a list' : `the scalar ${JSON.stringify(value)}`;
  throw new UsageError(
    `${path} holds ${found}, not a mapping; init --extend writes only what is missing and never overwrites it (move it aside, then run: majordomus init --extend)`,
  );
}

function readLayout(root: string, manifestText: string): Layout {
  mapping(parseYaml(manifestText, MANIFEST_PATH).value, MANIFEST_PATH);
  return layoutFromManifest(root, new WorkingTree(root), manifestText);
}

function sectionsOf(layout: Layout): Record<string, unknown> {
  const sections = (layout.manifest as { sections?: unknown }).sections;
  return sections !== null && typeof sections === 'object' && !Array.isArray(sections) ? (sections as Record<string, unknown>) : {};
}

/** A section that would lead a write out of the layer is refused, naming its key (15). */
function refuseUnsafeSections(layout: Layout): void {
  for (const [name, value] of Object.entries(sectionsOf(layout))) {
    const unsafe = typeof value === 'string' ? unsafePathReason(value) : undefined;
    if (unsafe) {
      throw new RefusedError(
        `${MANIFEST_PATH}: the section \`${name}\` path ${JSON.stringify(value)} ${unsafe}, so it would lead outside the repository; nothing was written (make it a path relative to ${AI_DIR}/, then run: majordomus init --extend)`,
      );
    }
  }
}

/**
 * Where a skeleton file goes in this repository: under the manifest's path of the skeleton section that
 * holds it (the longest), or at the same place under `.ai/` when no section holds it.
 */
function placeOf(file: string, skeleton: Layout, layout: Layout): string {
  const skeletonPath = `${AI_DIR}/${file}`;
  let best: { from: string; to: string } | undefined;
  for (const name of Object.keys(sectionsOf(skeleton))) {
    const from = skeleton.section(name);
    const to = layout.section(name);
    if (from === undefined || to === undefined) continue;
    if (skeletonPath !== from && !skeletonPath.startsWith(`${from}/`)) continue;
    if (!best || from.length > best.from.length) best = { from, to };
  }
  return best ? `${best.to}${skeletonPath.slice(best.from.length)}` : skeletonPath;
}

/**
 * The vendored package `pack` at `dir`: written whole when absent, repaired when it is this version's own
 * (a missing or truncated file), and never touched when it is not (another vendor's, another version's).
 */
function planPackage(plan: WritePlan, root: string, dir: string, pack: string, notes: string[]): void {
  const ownership = packageOwnership(root, dir, pack);
  if (!ownership.owned) {
    notes.push(`kept ${dir}: ${ownership.reason}; init never writes into it (see: majordomus rules vendor status)`);
    return;
  }
  const manifest = ownership.files.find((file) => file.relative === 'manifest.yaml');
  for (const file of ownership.files) {
    if (file === manifest) continue;
    // a whole file is planned too (and kept): its folder is then cleared of what a killed run left
    if (file.state === 'truncated') plan.replace(`${dir}/${file.relative}`, file.content);
    else if (file.state !== 'different') plan.create(`${dir}/${file.relative}`, file.content, { ifAbsent: true });
  }
  // the package manifest after its rules: a killed run never leaves a manifest listing absent files
  if (manifest?.state === 'truncated') plan.replace(`${dir}/manifest.yaml`, manifest.content);
  else if (manifest) plan.create(`${dir}/manifest.yaml`, manifest.content, { ifAbsent: true });
}

function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Ignore the local half: append its line to `.gitignore` unless git ignores it already or the line is there. */
function planIgnore(plan: WritePlan, git: GitRepository, localDir: string): void {
  const entry = `${localDir}/`;
  const present = (text: string): boolean => hasIgnoreLine(text, localDir);
  plan.tidy('.');
  const gitignore = readLayerFile(git.root, '.gitignore');
  if (gitignore.state === 'text' && present(gitignore.text)) return;
  // git may fail to answer (a broken repository state): the file's own lines decide, again when written
  if (git.isIgnored(entry)) return;
  plan.append('.gitignore', `# the checkout's own half of the AI layer, never tracked\n${entry}\n`, { unless: present });
}

/** True when a line of `text` ignores `dir` (as `dir`, `dir/`, `/dir/`, `dir/*`, …). */
function hasIgnoreLine(text: string, dir: string): boolean {
  const forms = new Set([dir, `${dir}/`, `${dir}/*`, `${dir}/**`].flatMap((form) => [form, `/${form}`]));
  return text.split('\n').some((line) => forms.has(line.replace(/\r$/, '').trim()));
}

function walk(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) for (const file of walk(join(dir, entry.name), rel)) out.push(file);
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** True when `path` holds something (what a killed writer left does not count: the next write removes it). */
function nonEmptyDir(path: string): boolean {
  try {
    return readdirSync(path).some((name) => !isWriterLeftover(name));
  } catch {
    return false;
  }
}
