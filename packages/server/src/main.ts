import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { accountsModule } from "./areas/accounts/index.ts";
import { analysisModule } from "./areas/analysis/index.ts";
import { chatModule } from "./areas/chat/index.ts";
import { clubMatchesModule } from "./areas/clubMatches/index.ts";
import { clubsModule } from "./areas/clubs/index.ts";
import { computerModule } from "./areas/computer/index.ts";
import { dailyModule } from "./areas/daily/index.ts";
import { friendsModule } from "./areas/friends/index.ts";
import { gamesModule } from "./areas/games/index.ts";
import { historyModule } from "./areas/history/index.ts";
import { jumpstartModule } from "./areas/jumpstart/index.ts";
import { leaderboardsModule } from "./areas/leaderboards/index.ts";
import { lobbyModule } from "./areas/lobby/index.ts";
import { pairingModule } from "./areas/pairing/index.ts";
import { preferencesModule } from "./areas/preferences/index.ts";
import { puzzlesModule } from "./areas/puzzles/index.ts";
import { tournamentsModule } from "./areas/tournaments/index.ts";
import { watchModule } from "./areas/watch/index.ts";
import type { Config } from "./config.ts";
import { openCore } from "./core.ts";
import { engineJobsModule } from "./engineJobs.ts";
import { type AreaModule, mountAreas, registerHealth, startTimers } from "./mount.ts";
import { settledWithin } from "./util/settledWithin.ts";

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Graceful stop: refuse new work, finish requests in flight, close sockets and the database. */
  close(): Promise<void>;
}

/** Where the built web app sits relative to this file (source or bundle). */
export function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return join(here, "..", "..", "web", "dist");
}

/** A stopping node's hand-over (games, engine jobs) is bounded: it exits within its 10 s whatever they do. */
const RELEASE_MS = 4_000;

/**
 * The composition root: the core, then each area in dependency order, handed the narrow ports of the areas
 * before it; then everything is mounted, recovered and served. It closes in reverse.
 */
export async function startServer(config: Config, opts: { inMemoryDb?: boolean } = {}): Promise<RunningServer> {
  const opened = await openCore(config, opts);
  const { core } = opened;

  const accounts = accountsModule(core);
  const { callers } = accounts;
  const preferences = preferencesModule(core, { callers });
  const friends = friendsModule(core, { callers, accounts: accounts.lookup, choices: preferences.choices });
  const clubs = clubsModule(core, { callers, accounts: accounts.lookup, blocks: friends.blocks });
  const games = gamesModule(core, {
    callers,
    closing: accounts.closing,
    blocks: friends.blocks,
    choices: preferences.choices,
  });
  const { play, records } = games;
  const engineJobs = await engineJobsModule(core);
  const analysis = analysisModule(core, { callers, jobs: engineJobs.jobs, play, records });
  const jumpstart = jumpstartModule(core, { jobs: engineJobs.jobs });
  const puzzles = puzzlesModule(core, { callers, jobs: engineJobs.jobs, records, analysed: analysis.analysed });
  const lobby = lobbyModule(core, {
    play,
    records,
    membership: clubs.membership,
    blocks: friends.blocks,
    challenges: friends.challenges,
    jumpstart: jumpstart.positions,
  });
  const pairing = pairingModule(core, { play, records, offers: lobby.offers, blocks: friends.blocks });
  const computer = computerModule(core, { play, seating: games.seating });
  const tournaments = tournamentsModule(core, {
    callers,
    play,
    records,
    membership: clubs.membership,
    calendar: clubs.calendar,
    jumpstart: jumpstart.positions,
  });
  const chat = chatModule(core, {
    play,
    records,
    blocks: friends.blocks,
    membership: clubs.membership,
    arenas: tournaments.players,
  });
  const watch = watchModule(core);
  const history = historyModule(core);
  const leaderboards = leaderboardsModule(core, {
    callers,
    membership: clubs.membership,
    battles: tournaments.battles,
  });
  const daily = dailyModule(core, {
    callers,
    records,
    finisher: games.finisher,
    blocks: friends.blocks,
    challenges: friends.challenges,
    jumpstart: jumpstart.positions,
  });
  const clubMatches = clubMatchesModule(core, {
    callers,
    membership: clubs.membership,
    records,
    starts: daily.starts,
  });

  const areas: AreaModule[] = [
    accounts.area,
    preferences.area,
    friends.area,
    clubs.area,
    games.area,
    engineJobs.area,
    analysis.area,
    jumpstart.area,
    puzzles.area,
    lobby.area,
    pairing.area,
    computer.area,
    tournaments.area,
    chat.area,
    watch.area,
    history.area,
    leaderboards.area,
    daily.area,
    clubMatches.area,
  ];
  mountAreas(core, areas);
  registerHealth(core, areas, { dataDir: config.databaseUrl || opts.inMemoryDb ? undefined : config.dataDir });
  for (const area of areas) await area.recover?.();
  const stopTimers = startTimers(core, areas);

  await core.app.listen({ port: config.port, host: config.host });
  for (const area of areas) area.start?.();
  const address = core.app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;

  const backwards = [...areas].reverse();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        stopTimers();
        for (const area of backwards) area.stop?.();
        await opened.closeFront();
        await Promise.all(backwards.map((area) => area.release && settledWithin(area.release(), RELEASE_MS)));
        await opened.closeBack();
      })();
      return closing;
    },
  };
}
