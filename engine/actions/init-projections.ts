/**
 * The projection part of `init`: the instruction files the policy declares, generated in the same write
 * plan as the layer, so a fresh adoption is current (`doctor` green, `update --check` 0, the adoption
 * commit passes its hooks). They are rendered from the layer as the plan will leave it — each file the
 * plan writes read from the plan, every other from the disk — and only a target that does not exist is
 * written. A file already there is the repository's: init never touches it and says what `update`
 * would do. Anything that keeps the projections from rendering is a note, never a reason to refuse.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ContextSource } from '../context/model';
import { readContextTree } from '../context/validate';
import type { GitRepository } from '../io/git';
import { byteOrder } from '../io/text';
import type { WritePlan } from '../io/write/plan';
import type { Layout } from '../layer/layout';
import { AI_DIR } from '../layer/layout';
import { parseYaml } from '../layer/yaml';
import { readDistribution } from '../projections/open';
import type { ProjectionSource } from '../projections/source';
import { profilesOf, projectionEntries } from '../projections/source';
import { planUpdate } from '../projections/update';
import { rulesDir } from '../ruleset/rules';

/** Plan the absent projection targets into `plan`; what it leaves alone goes into `notes`. */
export function planInitProjections(plan: WritePlan, git: GitRepository, layout: Layout, notes: string[]): void {
  const root = git.root;
  const written = new Map<string, Buffer>();
  for (const operation of plan.operations) {
    if (operation.kind !== 'create' && operation.kind !== 'replace') continue;
    const path = relative(root, operation.path).split(sep).join('/');
    // a file kept by ifAbsent stays what is on disk
    if (operation.kind === 'create' && operation.ifAbsent && existsSync(operation.path)) continue;
    written.set(path, operation.content);
  }
  const exists = (path: string): boolean => written.has(path) || existsSync(join(root, path));
  const read = (path: string): string => written.get(path)?.toString('utf8') ?? readFileSync(join(root, path), 'utf8');
  let source: ProjectionSource;
  try {
    source = overlaySource(git, layout, written, exists, read);
  } catch (error) {
    notes.push(`note: the instruction files were not generated (${(error as Error).message}); run: majordomus update`);
    return;
  }
  if (projectionEntries(source).length === 0) return;
  const tree = readContextTree(source.context);
  if (tree.allProblems.length > 0) {
    notes.push(
      'note: the instruction files were not generated: the context documents do not validate (run: majordomus context validate, then majordomus update)',
    );
    return;
  }
  let planned: ReturnType<typeof planUpdate>;
  try {
    planned = planUpdate(source, tree);
  } catch (error) {
    notes.push(`note: the instruction files were not generated (${(error as Error).message}); run: majordomus update`);
    return;
  }
  for (const target of planned.targets) {
    const path = target.state.entry.target;
    if (target.action === 'create') plan.create(path, target.next!, { ifAbsent: true });
    else if (target.status === 'foreign')
      notes.push(
        `note: kept ${path} as it is: majordomus did not write it, and reports it without judging it (to add the generated region and keep your text: majordomus update --adopt ${path})`,
      );
    else if (target.status === 'region absent')
      notes.push(
        `note: kept ${path} as it is; its generated region is not there yet (run: majordomus update, which appends it and keeps your text)`,
      );
    else if (target.action !== 'none') notes.push(`note: kept ${path} (${target.status}; see: majordomus update --check)`);
  }
}

/** The projection source of the layer as the plan will leave it. */
function overlaySource(
  git: GitRepository,
  layout: Layout,
  written: ReadonlyMap<string, Buffer>,
  exists: (path: string) => boolean,
  read: (path: string) => string,
): ProjectionSource {
  const policyFile = layout.section('policy') ?? `${layout.repoDir}/policy.yaml`;
  const policyText = read(policyFile);
  const doc = parseYaml(policyText, policyFile);
  if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value)) throw new Error(`${policyFile} is not a mapping`);
  const profilesDir = layout.section('profiles');
  const names = new Set<string>();
  if (profilesDir) {
    for (const path of written.keys())
      if (path.startsWith(`${profilesDir}/`) && !path.slice(profilesDir.length + 1).includes('/'))
        names.add(path.slice(profilesDir.length + 1));
    try {
      for (const entry of readdirSync(join(git.root, profilesDir), { withFileTypes: true })) if (entry.isFile()) names.add(entry.name);
    } catch {
      // no folder yet: the plan's files are all there is
    }
  }
  const known = git.git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  const files = new Set(known.status === 0 ? known.stdout.split('\0').filter((file) => file !== '') : []);
  for (const path of written.keys()) files.add(path);
  let providers: string[] = [];
  const projections = (doc.value as { projections?: unknown }).projections;
  if (Array.isArray(projections))
    providers = projections
      .map((entry) => (entry as { provider?: unknown } | null)?.provider)
      .filter((p): p is string => typeof p === 'string');
  const context: ContextSource = {
    files: [...files].sort(byteOrder),
    read,
    manifest: layout.manifest,
    layerDir: AI_DIR,
    localDir: layout.localDir,
    rulesDir: rulesDir(layout),
    providers,
  };
  return {
    policyFile,
    policyText,
    policy: doc.value as Record<string, unknown>,
    policyLines: doc.lines,
    profiles: profilesOf(profilesDir, [...names], read, (path) => parseYaml(read(path), path).value),
    repoDir: layout.repoDir,
    exists,
    read,
    distribution: readDistribution,
    context,
  };
}
