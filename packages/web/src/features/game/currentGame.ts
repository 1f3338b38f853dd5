/** The game this tab is playing, remembered so the lobby can lead back to it (sessionStorage "currentGameId"). */
const KEY = "currentGameId";

export function readCurrentGameId(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeCurrentGameId(gameId: string | undefined): void {
  try {
    if (gameId) sessionStorage.setItem(KEY, gameId);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Without storage the lobby simply offers no way back.
  }
}

/** Forgets `gameId` if it is the one remembered (another game stays). */
export function forgetCurrentGame(gameId: string): void {
  if (readCurrentGameId() === gameId) storeCurrentGameId(undefined);
}
