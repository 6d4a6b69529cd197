/**
 * Every object of the layer under one name, `majordomus://<kind>/<identity>`: listed a page at a time
 * (`objects list`, the MCP tool `list_objects`, `resources/list`) and read whole (`objects show`, the
 * MCP tool `get_object`, `resources/read`). A URI is looked up among the objects the layer lists; it is
 * never turned into a path, so no URI reads a file the layer does not hold.
 */
import type { Invocation } from '../commands/define';
import { MissingError, UsageError } from '../errors';
import { nearestName } from '../io/nearest-name';
import type { LayerObject, ObjectContent, ObjectKind } from './object-kinds';
import { listKinds, OBJECT_KINDS } from './object-kinds';
import { openRepository } from './stores';

export type { ObjectKind } from './object-kinds';
export { OBJECT_KINDS } from './object-kinds';

/** The scheme of every object's URI. */
export const URI_SCHEME = 'majordomus://';

/** How many objects a page holds when none is asked for, and at most. */
export const PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** The URI of an object: its identity kept readable (`@`, `/` and the unreserved characters), anything else percent-encoded. */
export function uriOf(kind: ObjectKind, identity: string): string {
  const encoded = identity
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, '@'))
    .join('/');
  return `${URI_SCHEME}${kind}/${encoded}`;
}

/** The kind and identity a URI names; a usage error (2) for anything that is not one of the layer's URIs. */
export function parseUri(uri: string): { kind: ObjectKind; identity: string } {
  const shown = JSON.stringify(uri.length > 200 ? `${uri.slice(0, 200)}…` : uri);
  const usage = (why: string): UsageError =>
    new UsageError(`${shown} ${why} (an object is majordomus://<kind>/<identity>, one of the kinds ${OBJECT_KINDS.join(', ')})`);
  if (!uri.startsWith(URI_SCHEME)) throw usage('is not a URI of the layer');
  const rest = uri.slice(URI_SCHEME.length);
  const slash = rest.indexOf('/');
  const kind = slash === -1 ? rest : rest.slice(0, slash);
  if (!(OBJECT_KINDS as readonly string[]).includes(kind)) {
    const nearest = kind.length <= 40 ? nearestName(kind, OBJECT_KINDS) : undefined;
    throw usage(`names no kind of object${nearest ? ` (did you mean ${nearest}?)` : ''}`);
  }
  let identity: string;
  try {
    identity = decodeURIComponent(slash === -1 ? '' : rest.slice(slash + 1));
  } catch {
    throw usage('is not percent-encoded correctly');
  }
  if (identity === '') throw usage('names no identity');
  return { kind: kind as ObjectKind, identity };
}

/** One object as a listing gives it. */
export interface ObjectSummary {
  readonly uri: string;
  readonly kind: ObjectKind;
  readonly identity: string;
  readonly title: string;
  readonly path: string;
  readonly date: string | null;
}

/** One object as it is read: its summary, its front matter (or fields) and its text. */
export interface ObjectDetail extends ObjectSummary {
  readonly front_matter: Readonly<Record<string, unknown>> | null;
  readonly text: string;
}

export function summaryOf(object: LayerObject): ObjectSummary {
  return {
    uri: uriOf(object.kind, object.identity),
    kind: object.kind,
    identity: object.identity,
    title: object.title,
    path: object.path,
    date: object.date,
  };
}

/** A kind as asked for: one of OBJECT_KINDS, or a usage error naming them. */
export function kindOf(kind: string, command: string): ObjectKind {
  if ((OBJECT_KINDS as readonly string[]).includes(kind)) return kind as ObjectKind;
  const nearest = kind.length <= 40 ? nearestName(kind, OBJECT_KINDS) : undefined;
  throw new UsageError(
    `${command}: ${JSON.stringify(kind)} is not a kind of object${nearest ? ` (did you mean ${nearest}?)` : ''} (the kinds are ${OBJECT_KINDS.join(', ')})`,
  );
}

/** A whole number in `[min, max]`, given as text (an option) or a number (a tool's argument); a usage error otherwise. */
export function wholeNumber(value: string | number, what: string, min: number, max: number): number {
  const text = String(value).trim();
  const number = Number(text);
  if (!/^\d{1,9}$/.test(text) || number < min || number > max)
    throw new UsageError(`${what} ${JSON.stringify(value)} is not a whole number from ${min} to ${max}`);
  return number;
}

export interface ListQuestion {
  readonly kind?: string;
  readonly limit?: string | number;
  readonly offset?: string | number;
}

export interface ObjectPage {
  readonly kind: ObjectKind | null;
  /** How many objects there are (of the kind asked for), on every page. */
  readonly total: number;
  readonly offset: number;
  readonly items: readonly ObjectSummary[];
  /** Where the next page starts; null on the last. */
  readonly next_offset: number | null;
  /** What kept an object from being listed (a file that does not read), each naming it. */
  readonly problems: readonly string[];
}

/** A page of the layer's objects, kind by kind, each kind in its own order. */
export function listObjects(question: ListQuestion, invocation: Invocation): ObjectPage {
  const kind = question.kind === undefined ? undefined : kindOf(question.kind, 'objects list');
  const limit = question.limit === undefined ? PAGE_SIZE : wholeNumber(question.limit, 'objects list: --limit', 1, MAX_PAGE_SIZE);
  const offset = question.offset === undefined ? 0 : wholeNumber(question.offset, 'objects list: --offset', 0, 1e9);
  const { objects, problems } = listKinds(openRepository(invocation), kind === undefined ? OBJECT_KINDS : [kind]);
  const items = objects.slice(offset, offset + limit).map(summaryOf);
  return {
    kind: kind ?? null,
    total: objects.length,
    offset,
    items,
    next_offset: offset + items.length < objects.length ? offset + items.length : null,
    problems,
  };
}

/** The object a URI names, read; a usage error (2) for a malformed URI, missing (12) for one the layer does not hold. */
export function getObject(question: { readonly uri: string }, invocation: Invocation): ObjectDetail {
  const { kind, identity } = parseUri(question.uri);
  const { objects } = listKinds(openRepository(invocation), [kind]);
  const object =
    objects.find((candidate) => candidate.identity === identity) ??
    (kind === 'knowledge' ? objects.find((candidate) => candidate.path === identity) : undefined);
  if (!object) {
    // a "did you mean" costs the product of the lengths: only for an identity of a sensible size
    const nearest =
      identity.length <= 200
        ? nearestName(
            identity,
            objects.map((candidate) => candidate.identity),
          )
        : undefined;
    throw new MissingError(
      `objects show: the layer holds no ${kind} ${JSON.stringify(identity.length > 200 ? `${identity.slice(0, 200)}…` : identity)}${nearest ? ` (nearest: ${uriOf(kind, nearest)})` : ''} (list them: majordomus objects list --kind ${kind})`,
    );
  }
  const content: ObjectContent = object.read();
  return { ...summaryOf(object), front_matter: content.front_matter, text: content.text };
}
