import { WatchView } from "../features/watch/index.ts";
import { Page } from "./Page.tsx";

/** `/watch`: the games being played now, top rated first; each opens as a spectator. */
export function WatchPage() {
  return (
    <Page title="Watch" lead="Games being played right now, the top rated first. Pick one to follow it live.">
      <WatchView />
    </Page>
  );
}
