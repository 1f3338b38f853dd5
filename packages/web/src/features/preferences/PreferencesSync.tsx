import { useEffect } from "react";
import { useIdentity } from "../accounts/index.ts";
import { type PreferencesController, preferences } from "./preferencesController.ts";

/** Follows who is logged in: an account's preferences come from the server, a guest's stay in the browser. */
export function PreferencesSync({ controller = preferences }: { controller?: PreferencesController }) {
  const { identity } = useIdentity();
  const account = identity.kind === "user" ? identity.username : identity.kind === "guest" ? null : undefined;
  useEffect(() => {
    if (account === undefined) return; // not known yet
    if (account === null) controller.signedOut();
    else void controller.signedIn();
  }, [account, controller]);
  return null;
}
