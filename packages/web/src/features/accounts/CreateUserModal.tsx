import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { type CreateUserValues, validateCreateUser } from "./accountsForms.ts";
import { useIdentity } from "./IdentityProvider.tsx";
import { useAccountForm } from "./useAccountForm.ts";
import "./accountForms.css";

const EMPTY: CreateUserValues = { username: "", email: "", password: "", repeatPassword: "" };

/** Sign-up: checks the form (SPEC §5), creates the account, logs in, then closes. */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { createUser } = useIdentity();
  const form = useAccountForm(EMPTY, validateCreateUser, async (body) => {
    await createUser(body);
    onClose();
  });

  return (
    <Modal title="Create User" onClose={onClose}>
      <form className="account-form" onSubmit={form.submit} noValidate>
        <TextField label="Username" autoComplete="username" {...form.field("username")} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <TextField label="Password" type="password" autoComplete="new-password" {...form.field("password")} />
        <TextField
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          {...form.field("repeatPassword")}
        />
        {form.serverError ? (
          <p className="account-form__error" role="alert">
            {form.serverError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={form.busy} className="account-form__submit">
          Create account
        </Button>
      </form>
    </Modal>
  );
}
