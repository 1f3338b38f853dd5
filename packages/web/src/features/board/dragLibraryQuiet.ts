/**
 * react-chessboard's drag library (dnd-kit, bundled in it, with no way to pass its `accessibility` option) says
 * "Draggable item f1 was dropped over droppable area c4" in an assertive live region after every drag, and
 * describes each piece with its English "To pick up a draggable item, press the space bar". The board speaks
 * for itself (its cursor text and the game's announcer), so the library's region is turned off and its
 * instructions unlinked. React leaves these attributes alone afterwards: the library never changes their props.
 */
export function quietDragLibrary(root: ParentNode): void {
  for (const region of root.querySelectorAll<HTMLElement>('[id^="DndLiveRegion"]')) {
    if (region.getAttribute("aria-live") === "off") continue;
    region.setAttribute("aria-live", "off");
    region.removeAttribute("role");
    region.setAttribute("aria-hidden", "true");
  }
  for (const text of root.querySelectorAll<HTMLElement>('[id^="DndDescribedBy"]')) {
    if (!text.hasAttribute("aria-hidden")) text.setAttribute("aria-hidden", "true");
  }
  for (const handle of root.querySelectorAll<HTMLElement>('[aria-describedby^="DndDescribedBy"]')) {
    handle.removeAttribute("aria-describedby");
  }
}
