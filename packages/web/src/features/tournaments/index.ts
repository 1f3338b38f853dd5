export { TournamentView } from "./TournamentView.tsx";
export { tournamentPath, tournamentsApi } from "./tournamentsApi.ts";
