export { ArenaFollow, ArenaPairedListener } from "./ArenaPairedListener.tsx";
export { ArenaTrophies } from "./ArenaTrophies.tsx";
export { type AdminClub, CreateArenaModal } from "./CreateArenaModal.tsx";
export { TournamentList } from "./TournamentList.tsx";
export { TournamentView } from "./TournamentView.tsx";
export { TOURNAMENTS_PATH, tournamentPath, tournamentsApi } from "./tournamentsApi.ts";
