import { describe, expect, it } from "vitest";
import { MESSAGES } from "../domain/account.ts";
import { changePasswordBody, closeAccountBody, createUserBody, loginBody } from "./accounts.ts";
import { describeZodError } from "./http.ts";

const valid = { username: "magnus_c", email: "magnus@example.no", password: "12345678" };

function firstError(input: unknown): string | undefined {
  const r = createUserBody.safeParse(input);
  return r.success ? undefined : describeZodError(r.error);
}

describe("createUserBody", () => {
  it("accepts a valid account and trims the username and e-mail", () => {
    expect(createUserBody.parse({ ...valid, username: " magnus_c ", email: " magnus@example.no " })).toEqual(valid);
  });

  it.each([
    ["plain", MESSAGES.invalidEmail],
    ["a@b", MESSAGES.invalidEmail],
    ["a@b.c", MESSAGES.invalidEmail],
    ["a b@example.com", MESSAGES.invalidEmail],
    ["<script>@x.com", MESSAGES.invalidEmail],
    [`${"a".repeat(250)}@example.com`, MESSAGES.invalidEmail],
  ])("rejects e-mail %s", (email, message) => {
    expect(firstError({ ...valid, email })).toBe(message);
  });

  it.each(["first.last+tag@sub.example.co.uk", "x_y%z@d-1.io", "UPPER@EXAMPLE.COM"])("accepts e-mail %s", (email) => {
    expect(firstError({ ...valid, email })).toBeUndefined();
  });

  it.each([
    ["ab", MESSAGES.invalidUsername],
    ["a".repeat(21), MESSAGES.invalidUsername],
    ["_leading", MESSAGES.invalidUsername],
    ["white space", MESSAGES.invalidUsername],
    ["émile", MESSAGES.invalidUsername],
    ["Guest-4821", MESSAGES.reservedUsername],
    ["anonymous", MESSAGES.reservedUsername],
  ])("rejects username %s", (username, message) => {
    expect(firstError({ ...valid, username })).toBe(message);
  });

  it.each([
    ["1234567", MESSAGES.passwordTooShort],
    ["        ", MESSAGES.passwordTooShort],
    ["x".repeat(129), MESSAGES.passwordTooLong],
  ])("rejects password %s", (password, message) => {
    expect(firstError({ ...valid, password })).toBe(message);
  });

  it("names the field when a value has the wrong type", () => {
    expect(firstError({ ...valid, email: 5 })).toBe(MESSAGES.invalidEmail);
    expect(firstError({ ...valid, password: null })).toBe("Password is required");
  });
});

describe("loginBody", () => {
  it("accepts any non-empty strings, so a bad value reads as wrong credentials", () => {
    expect(loginBody.safeParse({ username: "x", password: "y" }).success).toBe(true);
    expect(loginBody.safeParse({ username: "", password: "y" }).success).toBe(false);
    expect(loginBody.safeParse({ username: "x".repeat(65), password: "y" }).success).toBe(false);
  });

  it("answers a name or password longer than any account's as wrong credentials, not as missing", () => {
    for (const body of [
      { username: "x".repeat(65), password: "y" },
      { username: "x", password: "y".repeat(129) },
    ]) {
      const r = loginBody.safeParse(body);
      expect(r.success ? undefined : describeZodError(r.error)).toBe(MESSAGES.badCredentials);
    }
  });
});

describe("changePasswordBody", () => {
  const error = (body: unknown) => {
    const r = changePasswordBody.safeParse(body);
    return r.success ? undefined : describeZodError(r.error);
  };

  it("accepts any current password and a new one that passes sign-up's rules", () => {
    expect(error({ currentPassword: "x", newPassword: "12345678" })).toBeUndefined();
  });

  it.each([
    [{ newPassword: "12345678" }, "Current password is required"],
    [{ currentPassword: "", newPassword: "12345678" }, "Current password is required"],
    [{ currentPassword: "y".repeat(129), newPassword: "12345678" }, MESSAGES.wrongCurrentPassword],
    [{ currentPassword: "x" }, "Password is required"],
    [{ currentPassword: "x", newPassword: "1234567" }, MESSAGES.passwordTooShort],
    [{ currentPassword: "x", newPassword: "        " }, MESSAGES.passwordTooShort],
    [{ currentPassword: "x", newPassword: "x".repeat(129) }, MESSAGES.passwordTooLong],
    [{ currentPassword: "12345678", newPassword: "12345678" }, MESSAGES.samePassword],
  ])("refuses %j", (body, message) => {
    expect(error(body)).toBe(message);
  });
});

describe("closeAccountBody", () => {
  const error = (body: unknown) => {
    const r = closeAccountBody.safeParse(body);
    return r.success ? undefined : describeZodError(r.error);
  };

  it("accepts any password up to the longest an account can have, and keeps nothing else", () => {
    expect(closeAccountBody.parse({ password: " x ", username: "someone-else" })).toEqual({ password: " x " });
    expect(error({ password: "y".repeat(128) })).toBeUndefined();
  });

  it.each([
    [{}, "Password is required"],
    [{ password: "" }, "Password is required"],
    [{ password: 12345678 }, "Password is required"],
    [{ password: null }, "Password is required"],
    [{ password: "y".repeat(129) }, MESSAGES.wrongCurrentPassword],
  ])("refuses %j", (body, message) => {
    expect(error(body)).toBe(message);
  });
});
