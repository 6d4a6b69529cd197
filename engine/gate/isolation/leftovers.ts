/**
 * What a validator left changed in its thread: globals it replaced or added, `process.exitCode`, process
 * listeners. Its worker is thrown away after the rule, so nothing of it reaches another rule or the
 * gate; it is still a broken validator (a validator keeps no state and reports only through its
 * context), so the rule fails saying what it changed. Snapshot before the module is imported, compare
 * when its run has settled.
 */

// Captured before any plugin code runs, and loops by index rather than by iterator: a validator that
// replaces Map.prototype.get or Array.prototype[Symbol.iterator] cannot blind the comparison.
const ownKeys = Reflect.ownKeys;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapHas = Map.prototype.has;
const describeProperty = Object.getOwnPropertyDescriptor;
const isExtensible = Object.isExtensible;
const same = Object.is;
const apply = Reflect.apply;
const listeners = process.listeners;
const includes = Array.prototype.includes;
const getPrototypeOf = Object.getPrototypeOf;

/** The process events a validator has no business listening to. */
const PROCESS_EVENTS = ['exit', 'beforeExit', 'uncaughtException', 'unhandledRejection'] as const;

/** The objects watched, by the name a finding gives them. */
function watched(): [string, object][] {
  const typedArray = getPrototypeOf(Uint8Array) as object;
  const roots: [string, object | undefined][] = [
    ['globalThis', globalThis],
    ['Object', Object],
    ['Function', Function],
    ['Array', Array],
    ['String', String],
    ['Number', Number],
    ['Boolean', Boolean],
    ['Symbol', Symbol],
    ['BigInt', BigInt],
    ['Promise', Promise],
    ['Error', Error],
    ['TypeError', TypeError],
    ['RangeError', RangeError],
    ['SyntaxError', SyntaxError],
    ['RegExp', RegExp],
    ['Date', Date],
    ['Map', Map],
    ['Set', Set],
    ['WeakMap', WeakMap],
    ['WeakSet', WeakSet],
    ['ArrayBuffer', ArrayBuffer],
    ['DataView', DataView],
    ['TypedArray', typedArray],
    ['Uint8Array', Uint8Array],
    ['Buffer', Buffer],
  ];
  const out: [string, object][] = [];
  for (const [name, value] of roots) {
    if (value === undefined) continue;
    out.push([name, value]);
    const prototype = (value as { prototype?: unknown }).prototype;
    if (name !== 'globalThis' && prototype !== null && typeof prototype === 'object') out.push([`${name}.prototype`, prototype]);
  }
  out.push(['JSON', JSON], ['Math', Math], ['Reflect', Reflect], ['Atomics', Atomics], ['console', console]);
  return out;
}

interface Entry {
  readonly value: unknown;
  readonly get: unknown;
  readonly set: unknown;
  readonly writable: boolean | undefined;
  readonly configurable: boolean | undefined;
}

interface Watched {
  readonly name: string;
  readonly object: object;
  readonly keys: readonly PropertyKey[];
  readonly properties: Map<PropertyKey, Entry>;
  readonly extensible: boolean;
}

/** The state compared after the run. */
export interface Baseline {
  readonly objects: readonly Watched[];
  readonly exitCode: unknown;
  /** The listeners of each of PROCESS_EVENTS, by identity: Node adds and removes its own. */
  readonly listeners: readonly (readonly unknown[])[];
}

/** Take the snapshot, before the validator's module is imported. */
export function takeBaseline(): Baseline {
  return {
    objects: watched().map(([name, object]) => ({
      name,
      object,
      keys: ownKeys(object),
      properties: properties(object),
      extensible: isExtensible(object),
    })),
    exitCode: process.exitCode,
    listeners: PROCESS_EVENTS.map((event) => apply(listeners, process, [event]) as unknown[]),
  };
}

/** What differs from the baseline, one phrase each; empty when the validator left everything as it was. */
export function leftovers(baseline: Baseline): string[] {
  const found: string[] = [];
  const note = (text: string): void => {
    found[found.length] = text;
  };
  for (let i = 0; i < baseline.objects.length; i++) {
    const { name, object, keys: beforeKeys, properties: before, extensible } = baseline.objects[i]!;
    const after = properties(object);
    const prefix = name === 'globalThis' ? '' : `${name}.`;
    const keys = ownKeys(object);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      const old = apply(mapGet, before, [key]) as Entry | undefined;
      const now = apply(mapGet, after, [key]) as Entry | undefined;
      if (!old) note(`added the global ${prefix}${keyName(key)}`);
      else if (now && !sameEntry(old, now)) note(`replaced the global ${prefix}${keyName(key)}`);
    }
    for (let k = 0; k < beforeKeys.length; k++) {
      if (!(apply(mapHas, after, [beforeKeys[k]]) as boolean)) note(`deleted the global ${prefix}${keyName(beforeKeys[k]!)}`);
    }
    if (extensible && !isExtensible(object)) note(`froze or sealed ${name}`);
  }
  if (!same(process.exitCode, baseline.exitCode)) note(`set process.exitCode to ${safeCode(process.exitCode)}`);
  for (let i = 0; i < PROCESS_EVENTS.length; i++) {
    const now = apply(listeners, process, [PROCESS_EVENTS[i]]) as unknown[];
    for (let k = 0; k < now.length; k++) {
      if (!(apply(includes, baseline.listeners[i]!, [now[k]]) as boolean)) {
        note(`installed a process '${PROCESS_EVENTS[i]}' handler`);
        break;
      }
    }
  }
  return found;
}

function properties(object: object): Map<PropertyKey, Entry> {
  const out = new Map<PropertyKey, Entry>();
  const keys = ownKeys(object);
  for (let k = 0; k < keys.length; k++) {
    const d = describeProperty(object, keys[k]!);
    if (d) apply(mapSet, out, [keys[k], { value: d.value, get: d.get, set: d.set, writable: d.writable, configurable: d.configurable }]);
  }
  return out;
}

function sameEntry(a: Entry, b: Entry): boolean {
  return same(a.value, b.value) && a.get === b.get && a.set === b.set && a.writable === b.writable && a.configurable === b.configurable;
}

function keyName(key: PropertyKey): string {
  return typeof key === 'symbol' ? `[${key.description ?? 'symbol'}]` : String(key);
}

function safeCode(code: unknown): string {
  return typeof code === 'number' || typeof code === 'string' ? String(code) : typeof code;
}
