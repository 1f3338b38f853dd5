export { soundChoice, volumeGain } from "./soundChoice.ts";
export { GAME_SOUNDS, type GameSound } from "./soundNames.ts";
export {
  type AudioStatus,
  audioStatus,
  onAudioStatusChange,
  playSoundFile,
  preloadSoundSet,
  unlockAudio,
} from "./soundPlayer.ts";
