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
    ...(row.openingComment ? { comment: row.openingComment } : {}),
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

/**
 * The side the importer played: as chosen, else the one whose tag names them (lichess links an imported game to
 * the player it names); null when neither or both do.
 */
export function importerColor(
  tags: Record<string, string>,
  side: ImportPgnBody["side"],
  username: string | undefined,
): "w" | "b" | null {
  if (side) return side === "white" ? "w" : "b";
  const named = (tag: string | undefined) =>
    username !== undefined && tag?.trim().toLowerCase() === username.toLowerCase();
  const [white, black] = [named(tags.White), named(tags.Black)];
  return white === black ? null : white ? "w" : "b";
}

/** Games imported from PGN (lichess's /paste): read, checked move by move, stored for anyone with the link. */
export function createImportService(repo: AnalysisRepo) {
  return {
    /**
     * One game of the PGN (the `index`th, the first by default) stored, with the side an account importer
     * played; a bad file or game is a 400 naming its line.
     */
    async importPgn(
      body: ImportPgnBody,
      owner: { userId: number; username: string } | null,
    ): Promise<Result<ImportedGame>> {
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
        ownerUserId: owner?.userId ?? null,
        ownerColor: owner ? importerColor(game.tags, body.side, owner.username) : null,
        tags: keptTags(game.tags),
        initialFen: game.initialFen,
        uciMoves: game.uci,
        sans: game.sans,
        result: game.result,
        tree: game.tree,
        openingComment: game.comment ?? null,
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
