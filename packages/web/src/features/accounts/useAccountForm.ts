import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import type { FieldErrors, Validation } from "./accountsForms.ts";

/**
 * An account form's state, written once for sign-up, login and the password change: the values, each field's
 * error (cleared as it is edited), the server's refusal, and a submit that checks the form (SPEC §5) before
 * sending it once at a time. `onEdit` runs on every edit (the password form clears its "changed" notice).
 */
export function useAccountForm<V extends { [K in keyof V]: string }, Out>(
  empty: V,
  validate: (values: V) => Validation<Out, Extract<keyof V, string>>,
  send: (value: Out) => Promise<void>,
  onEdit?: () => void,
) {
  type F = Extract<keyof V, string>;
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  /** The props of the TextField for `name`. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
      onEdit?.();
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validate(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setServerError(undefined);
    setBusy(true);
    try {
      await send(checked.value);
    } catch (error) {
      setServerError(errorMessage(undefined, error));
    } finally {
      setBusy(false);
    }
  }

  return { field, submit, busy, serverError, reset: () => setValues(empty) };
}
