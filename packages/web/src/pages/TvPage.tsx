import { TvView } from "../features/watch/index.ts";
import { Page } from "./Page.tsx";

/** `/tv`: the best game on, live, and the next best when it ends. */
export function TvPage() {
  return (
    <Page title="TV" lead="The best game being played right now, live. When it ends, the next best follows.">
      <TvView />
    </Page>
  );
}
