/**
 * Which navigation entry a path belongs to. An entry owns its own path and the patterns it lists: "/play" is
 * that path only, "/daily/*" any path under /daily/ (not "/dailyx"). The first entry that owns the path wins;
 * a path no entry owns (a page reached from inside others, like the analysis board) highlights none.
 */
export function ownsPath(to: string, activeOn: readonly string[] | undefined, pathname: string): boolean {
  return [to, ...(activeOn ?? [])].some((pattern) =>
    pattern.endsWith("/*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern,
  );
}

export function activeNavEntry<T extends { to: string; activeOn?: readonly string[] }>(
  nav: readonly T[],
  pathname: string,
): T | undefined {
  return nav.find((item) => ownsPath(item.to, item.activeOn, pathname));
}
