import { type CreateUserBody, createUserBody, EMAIL_PATTERN, MESSAGES } from "@chess/shared";

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
