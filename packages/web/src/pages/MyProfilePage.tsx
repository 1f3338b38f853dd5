import { useState } from "react";
import { Button } from "../components/Button.tsx";
import { CreateUserModal, LoginModal, useIdentity } from "../features/accounts/index.ts";
import { FriendsPanel } from "../features/friends/index.ts";
import { ProfileView } from "../features/profile/index.ts";
import { ArenaTrophies } from "../features/tournaments/index.ts";
import { usePageTitle } from "../lib/usePageTitle.ts";
import { Page } from "./Page.tsx";
import "./MyProfilePage.css";

type OpenModal = "create" | "login" | null;

/** `/my-profile`: sign up or log in when logged out; the own profile when logged in. */
export function MyProfilePage() {
  const { identity } = useIdentity();
  const [modal, setModal] = useState<OpenModal>(null);
  usePageTitle("My Profile");

  if (identity.kind === "loading") {
    return <Page title="My Profile" lead="Checking your session…" />;
  }

  if (identity.kind === "user") {
    // The own profile: history, statistics, rating charts and Logout, then the friends panel (own only).
    return (
      <div className="my-profile-page">
        <ProfileView username={identity.username} own extras={<ArenaTrophies username={identity.username} />} />
        <FriendsPanel key={identity.username} />
      </div>
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
