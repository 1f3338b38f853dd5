import { TournamentList } from "../features/tournaments/index.ts";
import { Page } from "./Page.tsx";

/** `/tournament`: every arena starting soon, in progress or finished (the lobby shows the same list beside the pools). */
export function TournamentsPage() {
  return (
    <Page
      title="Tournaments"
      lead="Arenas: play as many games as you can before the clock runs out. The site starts one every hour."
    >
      <TournamentList titled={false} />
    </Page>
  );
}
