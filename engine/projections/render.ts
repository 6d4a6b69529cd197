/**
 * Rendering one projection: the provider's template (the repository's `<repo>/providers/<p>.tmpl`, else
 * the distribution's share/providers/<p>.tmpl) over a model built from structure — the policy's
 * settings, the profiles, the context documents resolved for the target's folder — never by rewriting
 * text. The output is what the target holds under its stamp (a file) or between its markers (a region).
 */
import { folderOf } from '../context/model';
import { resolvePath } from '../context/resolve';
import type { ContextTree } from '../context/validate';
import type { ProviderAdapter } from './adapters';
import type { ProjectionEntry, ProjectionSource } from './source';
import type { PartialLookup, Template } from './template';
import { parseTemplate, renderTemplate } from './template';

/** Where a template came from. */
export interface TemplateFile {
  /** Repository-relative (the repository's own) or distribution-relative (`share/providers/…`). */
  readonly path: string;
  readonly origin: 'repository' | 'distribution';
  readonly text: string;
}

/** The template of `name` (a provider, or `_<partial>`), the repository's own first; undefined when neither has one. */
export function findTemplate(source: ProjectionSource, name: string): TemplateFile | undefined {
  const own = `${source.repoDir}/providers/${name}.tmpl`;
  if (source.exists(own)) return { path: own, origin: 'repository', text: source.read(own) };
  const shipped = `share/providers/${name}.tmpl`;
  const text = source.distribution(shipped);
  return text === undefined ? undefined : { path: shipped, origin: 'distribution', text };
}

/** The rendered body of `entry`: the target's content without its stamp, or the region's body. */
export function renderProjection(
  source: ProjectionSource,
  tree: ContextTree,
  entry: ProjectionEntry,
  adapter: ProviderAdapter,
  template: TemplateFile,
): string {
  const parsed = new Map<string, Template>();
  const parse = (file: TemplateFile): Template => {
    let done = parsed.get(file.path);
    if (!done) {
      done = parseTemplate(file.text, file.path);
      parsed.set(file.path, done);
    }
    return done;
  };
  const partials: PartialLookup = (name) => {
    const file = findTemplate(source, `_${name}`);
    return file ? parse(file) : undefined;
  };
  const text = renderTemplate(parse(template), renderModel(source, tree, entry, adapter), partials);
  return tidy(text);
}

/**
 * The model a template sees. Every value is plain data: strings, numbers, booleans and lists of
 * mappings. Links are relative to the target's folder, so they resolve wherever the target lives.
 */
export function renderModel(
  source: ProjectionSource,
  tree: ContextTree,
  entry: ProjectionEntry,
  adapter: ProviderAdapter,
): Record<string, unknown> {
  const folder = folderOf(entry.target);
  const up = folder === '' ? '' : '../'.repeat(folder.split('/').length);
  const policy = source.policy;
  const context = mapping(policy.context);
  const verification = mapping(policy.verification);
  const profilesSetting = mapping(policy.profiles);
  const defaultName = text(profilesSetting.default);
  const profiles = source.profiles
    .filter((profile) => profile.value !== undefined)
    .map((profile) => profileModel(profile.name, profile.value!, profile.name === defaultName));
  const finishRequires = list(verification.finish_requires).filter((item): item is string => typeof item === 'string');
  const resolution = resolvePath(tree, folder === '' ? '.' : `${folder}/`, [], { provider: entry.provider, audience: 'agent' });
  const enforcement = list(policy.enforcement)
    .map((raw) => mapping(raw))
    .filter((item) => typeof item.name === 'string' && typeof item.path === 'string')
    .map((item) => ({
      name: item.name as string,
      command: [item.path as string, ...list(item.args).map(String)].join(' '),
      wired_by: text(item.wired_by),
    }));
  return {
    provider: entry.provider,
    target: entry.target,
    mode: entry.mode,
    always_loaded: entry.alwaysLoaded,
    front_matter: adapter.frontMatter,
    root: up,
    layer: {
      readme: `${up}.ai/README.md`,
      policy: `${up}${source.policyFile}`,
      repo: `${up}${source.repoDir}`,
    },
    policy: {
      file: source.policyFile,
      strategy: text(context.strategy),
      always_loaded_budget_lines: numberOr(context.always_loaded_budget_lines, 150),
      builder_budget_lines: numberOr(context.builder_budget_lines, 300),
      recent_decisions: numberOr(context.recent_decisions, 5),
      transcript_is_state: context.transcript_is_state === true,
      verification_required: verification.required_for_changes === true,
      finish_requires: finishRequires,
      finish_requires_text: finishRequires.map((item) => `\`${item}\``).join(', '),
      enforcement,
    },
    default_profile: profiles.find((profile) => profile.default) ?? false,
    profiles,
    other_profiles: profiles.filter((profile) => !profile.default),
    documents: resolution.applied.map((doc) => ({
      id: doc.id,
      title: doc.title,
      description: doc.description,
      path: doc.file,
      link: `${up}${doc.file}`,
    })),
  };
}

function profileModel(name: string, value: Record<string, unknown>, isDefault: boolean): Record<string, unknown> {
  return {
    name,
    description: text(value.description),
    capability: text(value.capability),
    effort: text(value.effort),
    verbosity: text(value.verbosity),
    presentation: text(value.presentation),
    default: isDefault,
  };
}

/** Trailing blanks off every line, runs of blank lines down to one, one line end at the end. */
function tidy(text: string): string {
  const lines = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''));
  const out: string[] = [];
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return `${out.join('\n')}\n`;
}

function mapping(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
