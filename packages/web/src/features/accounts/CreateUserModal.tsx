import { type FormEvent, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { type CreateUserField, type CreateUserValues, type FieldErrors, validateCreateUser } from "./accountsForms.ts";
import { useIdentity } from "./IdentityProvider.tsx";
import "./accountForms.css";

const EMPTY: CreateUserValues = { username: "", email: "", password: "", repeatPassword: "" };

/** Sign-up: checks the form (SPEC §5), creates the account, logs in, then closes. */
export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { createUser } = useIdentity();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<CreateUserField>>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const change = (field: CreateUserField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateCreateUser(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setServerError(undefined);
    setBusy(true);
    try {
      await createUser(checked.value);
      onClose();
    } catch (error) {
      setServerError(errorMessage(undefined, error));
      setBusy(false);
    }
  }

  return (
    <Modal title="Create User" onClose={onClose}>
      <form className="account-form" onSubmit={submit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={change("username")}
          error={errors.username}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change("email")}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={change("password")}
          error={errors.password}
        />
        <TextField
          label="Repeat password"
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          value={values.repeatPassword}
          onChange={change("repeatPassword")}
          error={errors.repeatPassword}
        />
        {serverError ? (
          <p className="account-form__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={busy} className="account-form__submit">
          Create account
        </Button>
      </form>
    </Modal>
  );
}
