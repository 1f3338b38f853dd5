import { useState } from "react";
import { Button } from "../components/Button.tsx";
import { CreateUserModal, LoginModal, useIdentity } from "../features/accounts/index.ts";
import { errorMessage } from "../lib/api.ts";
import { Page } from "./Page.tsx";
import "./MyProfilePage.css";

type OpenModal = "create" | "login" | null;

/** `/my-profile`: sign up or log in when logged out; the own profile when logged in. */
export function MyProfilePage() {
  const { identity, logout } = useIdentity();
  const [modal, setModal] = useState<OpenModal>(null);
  const [logoutError, setLogoutError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (identity.kind === "loading") {
    return <Page title="My Profile" lead="Checking your session…" />;
  }

  if (identity.kind === "user") {
    async function onLogout() {
      setBusy(true);
      setLogoutError(undefined);
      try {
        await logout();
      } catch (error) {
        setLogoutError(errorMessage(undefined, error));
      } finally {
        setBusy(false);
      }
    }
    return (
      <Page title="My Profile" heading={identity.username}>
        <div className="my-profile card">
          <p className="my-profile__text">
            Your game history, statistics for each time control and your friends will be shown here.
          </p>
          <Button onClick={onLogout} busy={busy}>
            Logout
          </Button>
          {logoutError ? (
            <p className="my-profile__error" role="alert">
              {logoutError}
            </p>
          ) : null}
        </div>
      </Page>
    );
  }

  return (
    <Page title="My Profile">
      <div className="my-profile card">
        <p className="my-profile__text">
          {identity.username ? (
            <>
              You are playing as <strong>{identity.username}</strong>, a guest.{" "}
            </>
          ) : (
            "You are playing as a guest. "
          )}
          Create an account to keep your rating and game history, add friends and join clubs, or log in.
        </p>
        <div className="my-profile__actions">
          <Button variant="primary" onClick={() => setModal("create")}>
            Create User
          </Button>
          <Button onClick={() => setModal("login")}>Login</Button>
        </div>
      </div>
      {modal === "create" ? <CreateUserModal onClose={() => setModal(null)} /> : null}
      {modal === "login" ? <LoginModal onClose={() => setModal(null)} /> : null}
    </Page>
  );
}
