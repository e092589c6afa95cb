import { AsyncLocalStorage } from "node:async_hooks";

// Better Auth keeps what one of its calls is about (the request, the endpoint, the database transaction) in
// three AsyncLocalStorage instances it makes on first use, in a context object it keeps on globalThis. On
// Node 20 a storage that has been used once keeps an async hook on every promise the process makes from then
// on, whether or not any code reads it: measured on the bench, a quarter of the CPU of a signed-in read that
// never calls Better Auth at all (its session was remembered). Node 22 carries the context without that hook;
// until Lamplight runs there, the storages below switch the hook off when no call is inside them and on again
// with the next call, which Node does by itself on `run`.

/** Where Better Auth looks for its storages before making its own (`??=`); pinned to the version in package.json. */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");
const STORAGE_NAMES = [
  "requestStateAsyncStorage",
  "endpointContextAsyncStorage",
  "adapterAsyncStorage",
] as const;

/**
 * An AsyncLocalStorage that is enabled only while a `run` is under way. Better Auth awaits all of its work inside
 * the call (it has no background tasks configured here), so once the outermost run's promise has settled no code
 * of that call is left to read the store.
 */
export class ScopedAsyncLocalStorage<T> extends AsyncLocalStorage<T> {
  #runs = 0;

  // biome-ignore lint/suspicious/noExplicitAny: the signature of AsyncLocalStorage.run.
  override run<R>(store: T, callback: (...args: any[]) => R, ...args: any[]): R {
    this.#runs += 1;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      this.#finished();
      throw error;
    }
    if (result instanceof Promise) {
      const finished = () => this.#finished();
      result.then(finished, finished);
    } else this.#finished();
    return result;
  }

  /** Whether a run is under way (for tests). */
  get inUse(): boolean {
    return this.#runs > 0;
  }

  #finished() {
    this.#runs -= 1;
    if (this.#runs === 0) this.disable();
  }
}

/** Puts scoped storages where Better Auth will find them, before its first call makes plain ones. */
export function installScopedAuthStorages(): void {
  const holder = globalThis as unknown as Record<symbol, { context?: Record<string, unknown> } | undefined>;
  // The shape Better Auth itself creates when it is first asked (@better-auth/core, context/global).
  holder[BETTER_AUTH_GLOBAL] ??= { version: undefined, epoch: 1, context: {} } as never;
  const global = holder[BETTER_AUTH_GLOBAL];
  if (!global) return;
  global.context ??= {};
  for (const name of STORAGE_NAMES)
    if (!(global.context[name] instanceof ScopedAsyncLocalStorage))
      global.context[name] = new ScopedAsyncLocalStorage();
}

/** The storages Better Auth uses, for the test that checks it still finds ours. */
export function authStorages(): unknown[] {
  const global = (globalThis as unknown as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  return STORAGE_NAMES.map((name) => global?.context?.[name]);
}
