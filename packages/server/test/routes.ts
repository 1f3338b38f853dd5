import { readdirSync, readFileSync } from "node:fs";

/** "METHOD /path" of every route the server registers, read from the areas' *Routes.ts and mount.ts (/health). */
export function registeredRoutes(): string[] {
  const areas = new URL("../src/areas/", import.meta.url);
  const files = readdirSync(areas, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(new URL(`${d.name}/`, areas))
        .filter((f) => f.endsWith("Routes.ts"))
        .map((f) => new URL(`${d.name}/${f}`, areas)),
    );
  files.push(new URL("../src/mount.ts", import.meta.url));
  const found = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(file, "utf8").matchAll(/\bapp\.(get|post|put|patch|delete)\(\s*"([^"]+)"/g)) {
      found.add(`${(m[1] as string).toUpperCase()} ${m[2]}`);
    }
  }
  return [...found].sort();
}
