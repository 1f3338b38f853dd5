/** The browser's localStorage, when the page may use it (a sandboxed frame or a blocked site throws on access). */
export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
