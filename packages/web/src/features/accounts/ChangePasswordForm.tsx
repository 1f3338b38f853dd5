import { type FormEvent, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { TextField } from "../../components/TextField.tsx";
import { errorMessage, successMessage } from "../../lib/api.ts";
import { type AccountsApi, accountsApi } from "./accountsApi.ts";
import {
  type ChangePasswordField,
  type ChangePasswordValues,
  type FieldErrors,
  validateChangePassword,
} from "./accountsForms.ts";
import "./accountForms.css";

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", repeatPassword: "" };

/** Settings' Password form for a logged-in player; the server ends the account's other sessions. */
export function ChangePasswordForm({ client = accountsApi }: { client?: Pick<AccountsApi, "changePassword"> }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordField>>({});
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);

  const change = (field: ChangePasswordField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setDone(undefined);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateChangePassword(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setServerError(undefined);
    setDone(undefined);
    setBusy(true);
    try {
      const answer = await client.changePassword(checked.value);
      setValues(EMPTY);
      setDone(successMessage(answer));
    } catch (error) {
      setServerError(errorMessage(undefined, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form account-form--inline" onSubmit={submit} noValidate>
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={change("currentPassword")}
        error={errors.currentPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={change("newPassword")}
        error={errors.newPassword}
      />
      <TextField
        label="Repeat new password"
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
      <div className="account-form__actions">
        <Button type="submit" variant="primary" busy={busy}>
          Change password
        </Button>
        <p className="account-form__done" role="status">
          {done}
        </p>
      </div>
    </form>
  );
}
