import { useParams } from "react-router";
import { TournamentView } from "../features/tournaments/index.ts";

/** `/tournament/:id`: an arena's page. A new arena starts from a clean page. */
export function TournamentPage() {
  const { id = "" } = useParams();
  return <TournamentView key={id} id={id} />;
}
