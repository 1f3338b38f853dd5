// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync(new URL("./global.css", import.meta.url), "utf8");

/** The declarations inside the first block opened by `selector`, e.g. { "--color-bg": "#161512" }. */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in global.css`);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  const declarations: Record<string, string> = {};
  for (const line of body.split(";")) {
    const m = /^\s*(--[\w-]+|color-scheme)\s*:\s*(.+?)\s*$/s.exec(line.replace(/\/\*.*?\*\//gs, ""));
    if (m?.[1] && m[2]) declarations[m[1]] = m[2];
  }
  return declarations;
}

const light = block(":root");
const dark = block(':root[data-theme="dark"]');
const systemDark = block(':root:not([data-theme="light"])');

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** `rgb(r g b / alpha)` laid over the opaque #rrggbb `base`, as #rrggbb. */
function over(translucent: string, base: string): string {
  const m = /^rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)$/.exec(translucent);
  if (!m) throw new Error(`not rgb(r g b / a): ${translucent}`);
  const alpha = Number(m[4]);
  return `#${[1, 2, 3]
    .map((i) => {
      const under = Number.parseInt(base.slice(2 * i - 1, 2 * i + 1), 16);
      const mixed = Math.round(Number(m[i]) * alpha + under * (1 - alpha));
      return mixed.toString(16).padStart(2, "0");
    })
    .join("")}`;
}

/** A colour of the theme by name: "surface", or "accent-soft@bg" for a translucent one over an opaque one. */
function colour(theme: Record<string, string>, name: string): string | undefined {
  const [top, base] = name.split("@");
  const value = theme[`--color-${top}`];
  return base && value ? over(value, theme[`--color-${base}`] ?? "") : value;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT_ON_PAGES = [
  "text",
  "text-muted",
  "link",
  "accent",
  "danger",
  "warning",
  "quality-inaccuracy",
  "quality-mistake",
  "quality-blunder",
];
const PAGES = ["bg", "surface", "surface-2"];

/** [foreground, background, minimum ratio]: text 4.5:1, control borders and the focus ring 3:1 (WCAG AA). */
const PAIRS: Array<[string, string, number]> = [
  ...TEXT_ON_PAGES.flatMap((fg) => PAGES.map((bg): [string, string, number] => [fg, bg, 4.5])),
  ["text", "surface-3", 4.5],
  ["text-muted", "surface-3", 4.5],
  ["link", "surface-3", 4.5],
  ["accent", "surface-3", 4.5],
  ["on-primary", "primary", 4.5],
  ["on-primary", "primary-hover", 4.5],
  ["on-primary", "danger-bg", 4.5],
  ["on-primary", "danger-bg-hover", 4.5],
  ["danger", "danger-surface", 4.5],
  ["text", "danger-surface", 4.5],
  ["inverse-text", "inverse-bg", 4.5],
  // One's own messages (on the page background) and success notes (on cards and on the page).
  ["text", "accent-soft@bg", 4.5],
  ["text-muted", "accent-soft@bg", 4.5],
  ["accent", "accent-soft@bg", 4.5],
  ["accent", "accent-soft@surface", 4.5],
  ["border-strong", "bg", 3],
  ["border-strong", "surface", 3],
  ["focus", "bg", 3],
  ["focus", "surface", 3],
];

describe("themes in global.css", () => {
  it("has the same dark palette for the chosen dark theme and for a system that prefers dark", () => {
    expect(systemDark).toEqual(dark);
    expect(dark["color-scheme"]).toBe("dark");
    expect(light["color-scheme"]).toBe("light");
  });

  it("defines every colour in both themes", () => {
    const colours = (decls: Record<string, string>) =>
      Object.keys(decls)
        .filter((k) => k.startsWith("--color-") || k.startsWith("--shadow-"))
        .sort();
    expect(colours(dark)).toEqual(colours(light));
  });

  for (const [name, theme] of [
    ["light", light],
    ["dark", dark],
  ] as const) {
    it.each(PAIRS)(`${name}: --color-%s on --color-%s reaches %s:1`, (fg, bg, min) => {
      const [a, b] = [colour(theme, fg), colour(theme, bg)];
      expect(a, fg).toMatch(/^#[0-9a-f]{6}$/);
      expect(b, bg).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(a as string, b as string)).toBeGreaterThanOrEqual(min);
    });
  }
});
