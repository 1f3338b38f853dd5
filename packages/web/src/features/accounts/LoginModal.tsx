import { type FormEvent, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { type FieldErrors, type LoginValues, validateLogin } from "./accountsForms.ts";
import { useIdentity } from "./IdentityProvider.tsx";
import "./accountForms.css";

/** Log in with username and password; shows the server's message when it refuses. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { login } = useIdentity();
  const [values, setValues] = useState<LoginValues>({ username: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateLogin(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setServerError(undefined);
    setBusy(true);
    try {
      await login(checked.value.username, checked.value.password);
      onClose();
    } catch (error) {
      setServerError(errorMessage(undefined, error));
      setBusy(false);
    }
  }

  return (
    <Modal title="Login" onClose={onClose}>
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
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change("password")}
          error={errors.password}
        />
        {serverError ? (
          <p className="account-form__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={busy} className="account-form__submit">
          Log in
        </Button>
      </form>
    </Modal>
  );
}
