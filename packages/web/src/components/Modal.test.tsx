import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal.tsx";

afterEach(cleanup);

function renderModal(props: { cancelButton?: boolean } = {}) {
  const onClose = vi.fn();
  render(
    <Modal title="Create Game" onClose={onClose} {...props}>
      <label htmlFor="name">Name</label>
      <input id="name" />
      <button type="button">Inside</button>
    </Modal>,
  );
  return onClose;
}

describe("Modal", () => {
  it("is a modal dialog named by its title", () => {
    renderModal();
    const dialog = screen.getByRole("dialog", { name: "Create Game" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
  });

  it("focuses the first field when it opens", () => {
    renderModal();
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("focuses a radio group at its checked choice, not at its first", () => {
    render(
      <Modal title="Play" onClose={() => {}}>
        <button type="button">Rules</button>
        <fieldset>
          <legend>Your colour</legend>
          <input type="radio" name="color" aria-label="White" onChange={() => {}} />
          <input type="radio" name="color" aria-label="Random" checked onChange={() => {}} />
          <input type="radio" name="color" aria-label="Black" onChange={() => {}} />
        </fieldset>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Random" }));
  });

  it("opens on a choice already made among toggle buttons when it comes first", () => {
    render(
      <Modal title="Play" onClose={() => {}}>
        <button type="button" aria-pressed="false">
          Level 1
        </button>
        <button type="button" aria-pressed="true">
          Level 2
        </button>
        <input type="radio" name="color" aria-label="Random" checked onChange={() => {}} />
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Level 2" }));
  });

  it("closes on Escape", () => {
    const onClose = renderModal();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("does not close on other keys", () => {
    const onClose = renderModal();
    fireEvent.keyDown(document, { key: "Enter" });
    fireEvent.keyDown(screen.getByLabelText("Name"), { key: "a" });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes with the X button", () => {
    const onClose = renderModal();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("has a Cancel button only when asked, and it closes", () => {
    renderModal();
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
    cleanup();
    const onClose = renderModal({ cancelButton: true });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on a click on the backdrop but not on a click inside", () => {
    const onClose = renderModal();
    const dialog = screen.getByRole("dialog");
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();

    const backdrop = dialog.parentElement as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("returns focus to where it was when it closes", () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Modal title="T" onClose={() => {}}>
        <input aria-label="Field" />
      </Modal>,
    );
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it("lets Escape close only the innermost of two dialogs", () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Modal title="Outer" onClose={outer}>
          <input aria-label="Outer field" />
        </Modal>
        <Modal title="Inner" onClose={inner}>
          <input aria-label="Inner field" />
        </Modal>
      </>,
    );
    fireEvent.keyDown(document, { key: "Escape" });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
