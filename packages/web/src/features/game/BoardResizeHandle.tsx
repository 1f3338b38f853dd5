import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import "./BoardResizeHandle.css";

export interface BoardResizeHandleProps {
  /** The board's width now, px. */
  width: number;
  min: number;
  max: number;
  /** A new width; `save` is false while the pointer is still down. null goes back to the default size. */
  onResize: (width: number | null, save?: boolean) => void;
}

const KEY_STEP = 16;

/**
 * The grip at the board's bottom-right corner: drag it (or focus it and use the arrow keys) to size the board;
 * a double click goes back to the default size. The size is kept for this device.
 */
export function BoardResizeHandle({ width, min, max, onResize }: BoardResizeHandleProps) {
  const drag = useRef<{ x: number; y: number; width: number; last: number } | null>(null);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, width, last: width };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    // The board is square: follow whichever way the pointer went further.
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    d.last = d.width + (Math.abs(dx) > Math.abs(dy) ? dx : dy);
    onResize(d.last, false);
  }
  function onPointerUp() {
    const d = drag.current;
    drag.current = null;
    if (d) onResize(d.last, true);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowRight: KEY_STEP,
      ArrowUp: KEY_STEP,
      ArrowLeft: -KEY_STEP,
      ArrowDown: -KEY_STEP,
      PageUp: KEY_STEP * 4,
      PageDown: -KEY_STEP * 4,
    };
    let next: number | undefined = steps[event.key] === undefined ? undefined : width + (steps[event.key] ?? 0);
    if (event.key === "Home") next = min;
    if (event.key === "End") next = max;
    if (next === undefined) return;
    event.preventDefault();
    // Stepping the board's size is not stepping through the moves.
    event.stopPropagation();
    onResize(next, true);
  }

  return (
    <div
      className="board-resize"
      role="slider"
      tabIndex={0}
      aria-label="Board size"
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={width}
      aria-valuetext={`${width} pixels`}
      title="Drag to resize the board (double-click for the default size)"
      data-testid="board-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => onResize(null, true)}
      onKeyDown={onKeyDown}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M14 6L6 14M14 10l-4 4M14 2L2 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    </div>
  );
}
