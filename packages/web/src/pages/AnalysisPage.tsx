import { Page } from "./Page.tsx";

/** `/analysis`: post-game analysis. */
export function AnalysisPage() {
  return (
    <Page
      title="Analysis"
      lead="Finished games will be replayed here move by move, with the engine's evaluation and a quality rating for every move."
    />
  );
}
