import { playComputerPayload, takebackPayload } from "@chess/shared";
import { type SocketEvents, socketEvent } from "../../realtime/handlers.ts";
import type { ComputerService } from "./computerService.ts";

/** Playing the computer: starting a game, and taking moves back in one. */
export function computerSocketEvents(deps: { computer: ComputerService }): SocketEvents {
  const { computer } = deps;
  return {
    playComputer: socketEvent(playComputerPayload, (s, p) => computer.play(s.data.owner, p)),
    takeback: socketEvent(takebackPayload, (s, p) => computer.takeback(s.data.owner, p.gameId)),
  };
}
