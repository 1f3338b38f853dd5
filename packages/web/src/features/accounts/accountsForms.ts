import {
  type ChangePasswordBody,
  type CloseAccountBody,
  type CreateUserBody,
  changePasswordBody,
  closeAccountBody,
  createUserBody,
  EMAIL_PATTERN,
  MESSAGES,
} from "@chess/shared";

/** What the Create User form holds. */
export interface CreateUserValues {
  username: string;
  email: string;
  password: string;
  repeatPassword: string;
}

export type CreateUserField = keyof CreateUserValues;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type Validation<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

/**
 * Checks the sign-up form before anything is sent (SPEC §5): the e-mail against EMAIL_PATTERN, the
 * password non-blank and equal to its repeat; then the shared schema's remaining rules (username shape,
 * password length) so the server's answer holds no surprise.
 */
export function validateCreateUser(values: CreateUserValues): Validation<CreateUserBody, CreateUserField> {
  const errors: FieldErrors<CreateUserField> = {};
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = MESSAGES.invalidEmail;
  if (values.password.trim() === "" || values.password !== values.repeatPassword) {
    errors.repeatPassword = MESSAGES.passwordsMustMatch;
  }

  const parsed = createUserBody.safeParse({
    username: values.username,
    email: values.email,
    password: values.password,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "username" || field === "email" || field === "password") {
        // The spec's wording wins where both apply.
        if (field === "password" && errors.repeatPassword) continue;
        errors[field] ??= issue.message;
      }
    }
    if (Object.keys(errors).length === 0) errors.username = parsed.error.issues[0]?.message ?? "Invalid input";
  }

  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

export interface LoginValues {
  username: string;
  password: string;
}

/** Login needs both fields; wrong values are the server's to judge ("Invalid username or password"). */
export function validateLogin(values: LoginValues): Validation<LoginValues, keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  if (!values.username.trim()) errors.username = "Enter your username";
  if (!values.password) errors.password = "Enter your password";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { username: values.username.trim(), password: values.password } };
}

/** What the Password form of Settings holds. */
export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

export type ChangePasswordField = keyof ChangePasswordValues;

/**
 * The Password form: the current password present, the new one non-blank and equal to its repeat (the
 * sign-up form's rule and wording), then the shared schema's length rule and "must differ".
 */
export function validateChangePassword(
  values: ChangePasswordValues,
): Validation<ChangePasswordBody, ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = {};
  if (!values.currentPassword) errors.currentPassword = "Enter your current password";
  if (values.newPassword.trim() === "" || values.newPassword !== values.repeatPassword) {
    errors.repeatPassword = MESSAGES.passwordsMustMatch;
  }
  const parsed = changePasswordBody.safeParse({
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === "newPassword");
    // The spec's wording wins where both apply.
    if (issue && !errors.repeatPassword) errors.newPassword = issue.message;
    if (Object.keys(errors).length === 0) errors.currentPassword = parsed.error.issues[0]?.message ?? "Invalid input";
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** The password that confirms closing the account: present, and no longer than any account's can be. */
export function validateCloseAccount(values: { password: string }): Validation<CloseAccountBody, "password"> {
  if (!values.password) return { ok: false, errors: { password: "Enter your password" } };
  const parsed = closeAccountBody.safeParse(values);
  if (!parsed.success) return { ok: false, errors: { password: parsed.error.issues[0]?.message ?? "Invalid input" } };
  return { ok: true, value: parsed.data };
}
