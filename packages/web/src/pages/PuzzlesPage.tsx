import { useParams } from "react-router";
import { type PuzzlesApi, PuzzlesView, puzzlesApi } from "../features/puzzles/index.ts";
import { Page } from "./Page.tsx";

/** `/puzzles` and `/puzzle/:id`: puzzles from players' own mistakes, for guests too. */
export function PuzzlesPage({ client = puzzlesApi }: { client?: PuzzlesApi }) {
  const { id } = useParams();
  const number = id !== undefined && /^\d{1,10}$/.test(id) ? Number(id) : id === undefined ? undefined : 0;
  return (
    <Page title="Puzzles">
      <PuzzlesView id={number} client={client} />
    </Page>
  );
}
