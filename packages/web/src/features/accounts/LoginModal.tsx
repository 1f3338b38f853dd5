import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { type LoginValues, validateLogin } from "./accountsForms.ts";
import { useIdentity } from "./IdentityProvider.tsx";
import { useAccountForm } from "./useAccountForm.ts";
import "./accountForms.css";

const EMPTY: LoginValues = { username: "", password: "" };

/** Log in with username and password; shows the server's message when it refuses. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { login } = useIdentity();
  const form = useAccountForm(EMPTY, validateLogin, async ({ username, password }) => {
    await login(username, password);
    onClose();
  });

  return (
    <Modal title="Login" onClose={onClose}>
      <form className="account-form" onSubmit={form.submit} noValidate>
        <TextField label="Username" autoComplete="username" {...form.field("username")} />
        <TextField label="Password" type="password" autoComplete="current-password" {...form.field("password")} />
        {form.serverError ? (
          <p className="account-form__error" role="alert">
            {form.serverError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={form.busy} className="account-form__submit">
          Log in
        </Button>
      </form>
    </Modal>
  );
}
