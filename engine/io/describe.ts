/**
 * Text of a value that code handed the engine: a thrown value, a rejection reason, a field of a
 * violation. Such a value may be anything — an object whose `toString` throws, `Object.create(null)`,
 * a Proxy whose every trap throws, a getter that throws — and printing it must never become the error
 * the engine then dies of. Nothing here throws, whatever it is given.
 */
import { types } from 'node:util';

/** The longest description kept: a message is one line of a report, not a dump. */
const MAX_LENGTH = 1000;

// Captured when this module loads, before any plugin code runs in this realm: a plugin that later
// replaces String, JSON.stringify or Object.prototype.toString does not change how values are described.
const toText = String;
const stringify = JSON.stringify;
const objectTag = Object.prototype.toString;
const apply = Reflect.apply;
const isProxy = types.isProxy;
const isNativeError = types.isNativeError;

/**
 * One line saying what was thrown: the message of an Error, the text of anything that has one, and a
 * plain description of what has none. Never throws.
 */
export function describeThrown(value: unknown): string {
  return cap(describe(value));
}

/**
 * `value` as text, for a field a plugin reported: strings as they are, numbers, booleans and the like
 * as `String` gives them, an object through its own `toString`. Undefined when the value cannot be
 * turned into text without throwing (the caller says so); never throws.
 */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isPrimitive(value)) return toText(value);
  if (isProxy(value)) return undefined; // converting it runs its traps, which answer nothing true
  return tryText(value);
}

/** The stack of an Error, for MAJORDOMUS_DEBUG; undefined when there is none or it cannot be read. Never throws. */
export function stackOf(value: unknown): string | undefined {
  try {
    if (isProxy(value) || !isNativeError(value)) return undefined;
    const stack = (value as { stack?: unknown }).stack;
    return typeof stack === 'string' ? stack : undefined;
  } catch {
    return undefined;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return value === '' ? 'an empty string' : value;
  if (isPrimitive(value)) return toText(value);
  if (isProxy(value)) return 'a Proxy (not turned into text: its traps are code)';
  const message = errorMessage(value as object);
  if (message !== undefined) return message;
  const text = tryText(value);
  if (text !== undefined && !/^\[object \w+\]$/.test(text)) return text;
  const json = tryJson(value);
  if (json !== undefined) return json;
  return `an object that cannot be turned into text (${tag(value) ?? 'no tag'})`;
}

/** The message of an Error (its name when the message is empty); undefined when it is none or unreadable. */
function errorMessage(value: object): string | undefined {
  try {
    if (!isNativeError(value) && !(value instanceof Error)) return undefined;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
    const name = (value as { name?: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : 'an Error without a message';
  } catch {
    return undefined;
  }
}

function tryText(value: unknown): string | undefined {
  try {
    const text = toText(value);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

function tryJson(value: unknown): string | undefined {
  try {
    const json = stringify(value);
    return typeof json === 'string' && json !== '{}' ? json : undefined;
  } catch {
    return undefined;
  }
}

function tag(value: unknown): string | undefined {
  try {
    const text = apply(objectTag, value, []) as unknown;
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function cap(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
