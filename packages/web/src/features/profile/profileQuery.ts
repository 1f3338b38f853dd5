import { type ProfileVariant, VARIANT_OPTIONS } from "./profileText.ts";

/** What a profile's address says beyond the player: the variant shown and the history page. */
export interface ProfileQuery {
  variant: ProfileVariant;
  page: number;
}

/** Past any real history; a larger number in an address is read as this page. */
const LAST_PAGE = 100_000;

/** Reads `variant` and `page` from a profile's address; anything unknown or malformed is the default. Pure. */
export function readProfileQuery(params: URLSearchParams): ProfileQuery {
  const variant = VARIANT_OPTIONS.find((o) => o.value === params.get("variant"))?.value ?? "standard";
  const raw = params.get("page") ?? "";
  const page = /^\d{1,9}$/.test(raw) ? Math.min(LAST_PAGE, Math.max(1, Number(raw))) : 1;
  return { variant, page };
}

/**
 * The address's parameters with `change` applied, the rest (the username) kept; a default is left out, so a
 * plain profile keeps its plain address. Another variant starts at its first page. Pure.
 */
export function withProfileQuery(params: URLSearchParams, change: Partial<ProfileQuery>): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readProfileQuery(params);
  const variant = change.variant ?? current.variant;
  const page = change.variant !== undefined && change.variant !== current.variant ? 1 : (change.page ?? current.page);
  if (variant === "standard") next.delete("variant");
  else next.set("variant", variant);
  if (page === 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}
