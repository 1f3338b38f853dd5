import { randomBytes } from "node:crypto";
import { fail, type ImportedGame, type ImportPgnBody, readPgn } from "@chess/shared";
import { ok, type Result } from "../../util/result.ts";
import type { AnalysisRepo, ImportedRow } from "./analysisRepo.ts";

/** A new imported game's id: never a played game's (those are 8 characters, no prefix). */
const newImportId = () => `import-${randomBytes(8).toString("base64url")}`;

/** The only place an imported game's row becomes JSON. */
export function importedGameJson(row: ImportedRow): ImportedGame {
  return {
    importId: row.id,
    initialFen: row.initialFen,
    moves: row.sans.join(" "),
    tags: row.tags,
    white: row.tags.White?.trim() || null,
    black: row.tags.Black?.trim() || null,
    result: row.result as ImportedGame["result"],
    tree: row.tree,
    variant: /[A-Ha-h]/.test(row.initialFen.split(" ")[2] ?? "") ? "chess960" : "standard",
    createdAt: row.createdAt.getTime(),
  };
}

/** A file's tags as kept: the first 40, names and values cut to a sane length. */
const keptTags = (tags: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tags)
      .slice(0, 40)
      .map(([name, value]) => [name.slice(0, 40), value.slice(0, 300)]),
  );

/** Games imported from PGN (lichess's /paste): read, checked move by move, stored for anyone with the link. */
export function createImportService(repo: AnalysisRepo) {
  return {
    /** One game of the PGN (the `index`th, the first by default) stored; a bad file or game is a 400 naming its line. */
    async importPgn(body: ImportPgnBody, ownerUserId: number | null): Promise<Result<ImportedGame>> {
      const read = readPgn(body.pgn);
      if (!read.ok) return fail("validation", read.error);
      const index = body.index ?? 0;
      const game = read.games[index];
      if (!game) {
        const count = `${read.games.length} game${read.games.length === 1 ? "" : "s"}`;
        return fail("validation", `The PGN holds ${count}: there is no game ${index + 1}`);
      }
      if (game.error) return fail("validation", game.error);
      const row = await repo.saveImported({
        id: newImportId(),
        ownerUserId,
        tags: keptTags(game.tags),
        initialFen: game.initialFen,
        uciMoves: game.uci,
        sans: game.sans,
        result: game.result,
        tree: game.tree,
      });
      return ok(importedGameJson(row));
    },

    async imported(id: string): Promise<Result<ImportedGame>> {
      const row = await repo.imported(id);
      if (!row) return fail("not_found", "Game not found");
      return ok(importedGameJson(row));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
