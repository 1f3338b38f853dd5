// Renders the game's sound files from their recipes (packages/web/src/features/sounds/soundRecipes.ts):
//   npm run sounds
// The same recipes give the same files (seeded noise); soundFiles.test.ts checks the committed ones still do.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SOUND_SETS } from "@chess/shared";
import { GAME_SOUNDS } from "../src/features/sounds/soundNames.ts";
import { SOUND_RECIPES } from "../src/features/sounds/soundRecipes.ts";
import { renderSound, SOUND_RATE, seedOf } from "../src/features/sounds/soundRender.ts";
import { encodeWav } from "../src/features/sounds/wav.ts";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "features", "sounds", "files");
for (const set of SOUND_SETS) {
  for (const sound of GAME_SOUNDS) {
    const name = `${set}-${sound}`;
    const bytes = encodeWav(renderSound(SOUND_RECIPES[set][sound], seedOf(name)), SOUND_RATE);
    writeFileSync(join(out, `${name}.wav`), bytes);
    console.log(`${name}.wav ${bytes.length} bytes`);
  }
}
