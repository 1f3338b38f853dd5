import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { IdentityContext, type IdentityContextValue } from "../features/accounts/IdentityProvider.tsx";

/** An identity context whose actions are spies; override what a test needs. */
export function fakeIdentity(overrides: Partial<IdentityContextValue> = {}): IdentityContextValue {
  return {
    identity: { kind: "guest", username: "Guest-4821" },
    login: vi.fn(async () => {}),
    createUser: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    closeAccount: vi.fn(async () => "Your account is closed"),
    refresh: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Renders `ui` under a router and the given identity, at `path` (a string, or with a history state). */
export function renderWithIdentity(
  ui: ReactElement,
  identity = fakeIdentity(),
  path: string | { pathname: string; state: unknown } = "/",
) {
  return {
    identity,
    ...render(
      <IdentityContext.Provider value={identity}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </IdentityContext.Provider>,
    ),
  };
}
