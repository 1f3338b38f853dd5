import type { SoundSet } from "@chess/shared";
import type { GameSound } from "./soundNames.ts";

// URLs only: the files are fetched when a game or the settings first need them, never with the page's script.
const FILES = import.meta.glob<string>("./files/*.wav", { query: "?url", import: "default", eager: true });

/** Where a set's sound is served, e.g. "/assets/chime-move-Bx1c2d.wav". */
export function soundUrl(set: SoundSet, sound: GameSound): string {
  const url = FILES[`./files/${set}-${sound}.wav`];
  if (!url) throw new Error(`no sound file ${set}-${sound}`);
  return url;
}
