import { configure } from "@testing-library/react";

// A wait for the page to show something, not a speed check: a game page's first render (react-chessboard)
// took 1.7 s on two cores busy with a CI run, past testing-library's default of 1 s.
configure({ asyncUtilTimeout: 5_000 });
