import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { TextField } from "../../components/TextField.tsx";
import { successMessage } from "../../lib/api.ts";
import { type AccountsApi, accountsApi } from "./accountsApi.ts";
import { type ChangePasswordValues, validateChangePassword } from "./accountsForms.ts";
import { useAccountForm } from "./useAccountForm.ts";
import "./accountForms.css";

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", repeatPassword: "" };

/** Settings' Password form for a logged-in player; the server ends the account's other sessions. */
export function ChangePasswordForm({ client = accountsApi }: { client?: Pick<AccountsApi, "changePassword"> }) {
  const [done, setDone] = useState<string>();
  const form = useAccountForm(
    EMPTY,
    validateChangePassword,
    async (body) => {
      setDone(undefined);
      const answer = await client.changePassword(body);
      form.reset();
      setDone(successMessage(answer));
    },
    () => setDone(undefined),
  );

  return (
    <form className="account-form account-form--inline" onSubmit={form.submit} noValidate>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field("currentPassword")}
      />
      <TextField label="New password" type="password" autoComplete="new-password" {...form.field("newPassword")} />
      <TextField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        {...form.field("repeatPassword")}
      />
      {form.serverError ? (
        <p className="account-form__error" role="alert">
          {form.serverError}
        </p>
      ) : null}
      <div className="account-form__actions">
        <Button type="submit" variant="primary" busy={form.busy}>
          Change password
        </Button>
        <p className="account-form__done" role="status">
          {done}
        </p>
      </div>
    </form>
  );
}
