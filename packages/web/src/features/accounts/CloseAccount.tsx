import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useToasts } from "../../components/Toast.tsx";
import { errorMessage } from "../../lib/api.ts";
import { validateCloseAccount } from "./accountsForms.ts";
import { useIdentity } from "./IdentityProvider.tsx";
import "./accountForms.css";

/** How long the farewell stays on the lobby: long enough to read after the page changed under it. */
const CLOSED_TOAST_MS = 10_000;

/** Settings' Account section for a logged-in player: what closing means, and the dialog that does it. */
export function CloseAccount() {
  const [open, setOpen] = useState(false);
  return (
    <div className="close-account">
      <p className="close-account__lead">
        Closing your account logs you out everywhere and cannot be undone. Your games stay in your opponents' histories
        under your name.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Close account
        </Button>
      </div>
      {open ? <CloseAccountDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The confirmation: says what happens and asks for the password; refusals (a wrong password, a live game) show in it. */
export function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const { identity, closeAccount } = useIdentity();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = identity.kind === "user" ? identity.username : "your account";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateCloseAccount({ password });
    if (!checked.ok) {
      setFieldError(checked.errors.password);
      return;
    }
    setServerError(undefined);
    setBusy(true);
    try {
      const farewell = await closeAccount(checked.value.password);
      toasts.show({
        title: farewell,
        body: "You are logged out everywhere, and play on as a guest.",
        tone: "success",
        durationMs: CLOSED_TOAST_MS,
      });
      navigate("/");
    } catch (error) {
      setServerError(errorMessage(undefined, error));
      setBusy(false);
    }
  }

  return (
    <Modal title="Close your account?" onClose={onClose}>
      <form className="account-form close-account__form" onSubmit={submit} noValidate>
        <p>Closing {name} cannot be undone.</p>
        <ul className="close-account__effects">
          <li>You are logged out on every device, and nobody can log in to it again.</li>
          <li>Its name stays reserved: nobody, you included, can sign up with it again.</li>
          <li>
            Your profile says the account is closed. You leave the leaderboards, your friends' lists and your clubs (a
            club you run passes to its longest-standing member).
          </li>
          <li>Your open game offers, challenges and friend requests are withdrawn.</li>
        </ul>
        <p>Your finished games keep your name. Finish or resign any game in progress first.</p>
        <TextField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        {serverError ? (
          <p className="account-form__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <div className="close-account__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="danger" busy={busy}>
            Close my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}
