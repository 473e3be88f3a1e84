// Whether code in this process changed the JavaScript built-ins the probes rely on. The probes
// run beside the adapter (they are handed to it), and they snapshot values with JSON, Object.keys
// and the like: an adapter that replaces JSON, redefines a prototype's member, or adds members
// to Object.prototype (which every object then shows, or a toJSON every snapshot then calls)
// would change what they record. Such a change is named, and the case is not judged on records
// made under it. Members added elsewhere are left alone: that is how a polyfill adds what an
// older Node lacks.
const WATCHED_GLOBALS = ["Object", "Array", "Function", "String", "Number", "Boolean", "Symbol", "BigInt", "Error", "TypeError", "RangeError", "JSON", "Math", "Reflect", "Proxy", "Map", "Set", "WeakMap", "WeakSet", "Promise", "RegExp", "Date", "setTimeout", "setImmediate", "queueMicrotask"] as const;

/** The holders whose own members are watched, by the name a message gives them. */
function holders(): [string, object][] {
  const found: [string, object][] = [["globalThis", globalThis]];
  for (const name of WATCHED_GLOBALS) {
    const value = (globalThis as Record<string, unknown>)[name];
    if ((typeof value === "object" && value !== null) || typeof value === "function") {
      found.push([name, value]);
      const prototype = (value as { prototype?: unknown }).prototype;
      if (typeof prototype === "object" && prototype !== null) found.push([`${name}.prototype`, prototype]);
    }
  }
  return found;
}

type Members = Map<string, Map<PropertyKey, PropertyDescriptor>>;

export interface BuiltInsWatch {
  /** Undefined when the built-ins are as recorded, else "changed JavaScript built-ins ... (JSON replaced, ...)", to follow the name of whoever changed them. */
  changed(): string | undefined;
  /** A cheap look, for once a generated case, at the changes that matter most: Object.prototype's members, an enumerable member on Array.prototype, JSON. */
  changedAtAGlance(): boolean;
}

/** What the watched built-ins are now: call it before any adapter code runs. */
export function recordBuiltIns(): BuiltInsWatch {
  const before = members();
  const { JSON: json, Reflect: reflect } = globalThis;
  const { parse, stringify } = json;
  const objectMembers = reflect.ownKeys(Object.prototype).length;
  return {
    changed() {
      const changes = changedSince(before);
      if (changes.length === 0) return undefined;
      const shown = changes.length > 6 ? [...changes.slice(0, 5), `${changes.length - 5} more`] : changes;
      return `changed JavaScript built-ins that the probes beside it rely on to record what they are handed (${shown.join(", ")})`;
    },
    changedAtAGlance() {
      // eslint-disable-next-line no-unreachable-loop
      for (const _ in []) return true;
      return globalThis.JSON !== json || json.parse !== parse || json.stringify !== stringify || reflect.ownKeys(Object.prototype).length !== objectMembers;
    },
  };
}

function members(): Members {
  const found: Members = new Map();
  for (const [name, holder] of holders()) {
    const own = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(holder)) {
      // Only the watched globals, not every global a program may define.
      if (holder === globalThis && !(WATCHED_GLOBALS as readonly PropertyKey[]).includes(key)) continue;
      const descriptor = Reflect.getOwnPropertyDescriptor(holder, key);
      if (descriptor) own.set(key, descriptor);
    }
    found.set(name, own);
  }
  return found;
}

/** The changes since `before`, as "JSON replaced", "Object.prototype.toJSON added"... */
function changedSince(before: Members): string[] {
  const now = members();
  const changes: string[] = [];
  for (const [name, was] of before) {
    const is = now.get(name) ?? new Map<PropertyKey, PropertyDescriptor>();
    const at = (key: PropertyKey) => (name === "globalThis" ? String(key) : `${name}.${String(key)}`);
    for (const [key, descriptor] of was) {
      const current = is.get(key);
      if (!current) changes.push(`${at(key)} deleted`);
      else if (!Object.is(current.value, descriptor.value) || current.get !== descriptor.get || current.set !== descriptor.set) changes.push(`${at(key)} replaced`);
    }
    for (const [key, descriptor] of is) {
      if (was.has(key)) continue;
      // Every object inherits Object.prototype's members, and for...in sees enumerable ones anywhere.
      if (name === "Object.prototype" || descriptor.enumerable) changes.push(`${at(key)} added`);
    }
  }
  return changes;
}
