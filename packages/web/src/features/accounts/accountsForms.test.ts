import { MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  type ChangePasswordValues,
  type CreateUserValues,
  validateChangePassword,
  validateCloseAccount,
  validateCreateUser,
  validateLogin,
} from "./accountsForms.ts";

const good: CreateUserValues = {
  username: "alice",
  email: "alice@example.com",
  password: "correct horse",
  repeatPassword: "correct horse",
};

describe("validateCreateUser", () => {
  it("accepts a complete form and returns the request body without the repeat", () => {
    expect(validateCreateUser(good)).toEqual({
      ok: true,
      value: { username: "alice", email: "alice@example.com", password: "correct horse" },
    });
  });

  const rows: Array<[string, Partial<CreateUserValues>, Partial<Record<keyof CreateUserValues, string>>]> = [
    ["e-mail without @", { email: "alice.example.com" }, { email: MESSAGES.invalidEmail }],
    ["e-mail with a one-letter suffix", { email: "alice@example.c" }, { email: MESSAGES.invalidEmail }],
    ["e-mail with a space", { email: "al ice@example.com" }, { email: MESSAGES.invalidEmail }],
    ["empty e-mail", { email: "" }, { email: MESSAGES.invalidEmail }],
    ["different repeat", { repeatPassword: "correct horsE" }, { repeatPassword: MESSAGES.passwordsMustMatch }],
    [
      "blank password, equal repeat",
      { password: "        ", repeatPassword: "        " },
      { repeatPassword: MESSAGES.passwordsMustMatch },
    ],
    ["empty password", { password: "", repeatPassword: "" }, { repeatPassword: MESSAGES.passwordsMustMatch }],
    ["short password", { password: "short", repeatPassword: "short" }, { password: MESSAGES.passwordTooShort }],
    ["bad username", { username: "a!" }, { username: MESSAGES.invalidUsername }],
    ["reserved username", { username: "Guest-12" }, { username: MESSAGES.reservedUsername }],
    [
      "several problems at once",
      { email: "nope", repeatPassword: "other" },
      { email: MESSAGES.invalidEmail, repeatPassword: MESSAGES.passwordsMustMatch },
    ],
  ];

  it.each(rows)("%s", (_name, change, errors) => {
    expect(validateCreateUser({ ...good, ...change })).toEqual({ ok: false, errors });
  });
});

describe("validateLogin", () => {
  it("trims the username and keeps the password as typed", () => {
    expect(validateLogin({ username: " bob ", password: " pw " })).toEqual({
      ok: true,
      value: { username: "bob", password: " pw " },
    });
  });

  it("asks for both fields", () => {
    expect(validateLogin({ username: " ", password: "" })).toEqual({
      ok: false,
      errors: { username: "Enter your username", password: "Enter your password" },
    });
  });
});

describe("validateChangePassword", () => {
  const filled: ChangePasswordValues = {
    currentPassword: "correct horse",
    newPassword: "battery staple",
    repeatPassword: "battery staple",
  };

  it("sends both passwords as typed, without the repeat", () => {
    expect(validateChangePassword(filled)).toEqual({
      ok: true,
      value: { currentPassword: "correct horse", newPassword: "battery staple" },
    });
  });

  const rows: Array<[string, Partial<ChangePasswordValues>, Partial<Record<keyof ChangePasswordValues, string>>]> = [
    ["no current password", { currentPassword: "" }, { currentPassword: "Enter your current password" }],
    ["different repeat", { repeatPassword: "battery staplE" }, { repeatPassword: MESSAGES.passwordsMustMatch }],
    [
      "blank new password, equal repeat",
      { newPassword: "        ", repeatPassword: "        " },
      { repeatPassword: MESSAGES.passwordsMustMatch },
    ],
    [
      "short new password",
      { newPassword: "short", repeatPassword: "short" },
      { newPassword: MESSAGES.passwordTooShort },
    ],
    [
      "the current password again",
      { newPassword: "correct horse", repeatPassword: "correct horse" },
      { newPassword: MESSAGES.samePassword },
    ],
    [
      "several problems at once",
      { currentPassword: "", repeatPassword: "other" },
      { currentPassword: "Enter your current password", repeatPassword: MESSAGES.passwordsMustMatch },
    ],
  ];

  it.each(rows)("%s", (_name, change, errors) => {
    expect(validateChangePassword({ ...filled, ...change })).toEqual({ ok: false, errors });
  });
});

describe("validateCloseAccount", () => {
  it.each([
    [" spaced out ", { ok: true, value: { password: " spaced out " } }],
    ["", { ok: false, errors: { password: "Enter your password" } }],
    ["x".repeat(129), { ok: false, errors: { password: MESSAGES.wrongCurrentPassword } }],
  ])("judges %j", (password, expected) => {
    expect(validateCloseAccount({ password })).toEqual(expected);
  });
});
