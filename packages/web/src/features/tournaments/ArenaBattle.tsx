import type { ClubBattleRow } from "@chess/shared";

/** A club battle's table: each club's rank, points (its best players' sum) and those players. */
export function ArenaBattle({
  clubs,
  clubNames,
  topN,
}: {
  clubs: readonly ClubBattleRow[];
  clubNames: Record<number, string>;
  topN: number;
}) {
  return (
    <section className="arena-battle card" aria-labelledby="arena-battle-title">
      <h2 id="arena-battle-title">Club battle</h2>
      <p className="arena-muted">Each club scores the points of its best {topN} players.</p>
      <table className="arena-battle__table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Club</th>
            <th scope="col">Players counted</th>
            <th scope="col" className="arena-standings__points">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {clubs.map((c) => (
            <tr key={c.clubId}>
              <td>{c.rank}</td>
              <td>{clubNames[c.clubId] ?? `Club ${c.clubId}`}</td>
              <td className="arena-battle__players">{c.players.join(", ")}</td>
              <td className="arena-standings__points">
                <strong>{c.points}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
