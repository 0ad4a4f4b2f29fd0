import { describe, expect, it } from 'vitest';
import { accentOf, accessibleColorVariables, colorSchemeOf, contrastRatio, mantineThemeFor, shadesOf, themeNames, themePalettes, ui } from './themes';

describe('themes', () => {
  it('has the eleven named themes, each with a light/dark palette, primary and secondary colours', () => {
    expect(themeNames).toEqual(['whitePurple', 'whiteBlue', 'slateDark1', 'slateDark2', 'purple1', 'purple2', 'purpleDark1', 'purpleDark2', 'blue', 'blueDark', 'red']);
    for (const name of themeNames) {
      const p = themePalettes[name];
      expect(['light', 'dark']).toContain(p.type);
      expect(p.primary.main).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.secondary.main).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(themePalettes.slateDark1.type).toBe('dark');
    expect(themePalettes.blue.type).toBe('light');
    expect(themePalettes.blue.background).toBeDefined();
  });

  it('maps a named theme onto Mantine: primary colour, 14px text, 8px radius, secondary orange, error red', () => {
    const t = mantineThemeFor('blue');
    expect(t.primaryColor).toBe('brand');
    expect(t.colors?.brand?.[6]).toBe('#1976d2');
    expect(t.colors?.secondary?.[6]).toBe('#ff9e43');
    expect(t.colors?.errorRed?.[6]).toBe('#ff3d57');
    expect(t.fontSizes?.md).toBe('14px');
    expect(t.radius?.md).toBe('8px');
    expect(t.fontFamily).toMatch(/^'Noto Sans Tamil'/);
    expect(mantineThemeFor('whitePurple').colors?.brand?.[6]).toBe(accentOf('whitePurple'));
    expect(accentOf('whitePurple')).toBe('#7467ef');
    expect(colorSchemeOf('blueDark')).toBe('dark');
  });

  it('makes ten shades, lighter to darker, around the main colour', () => {
    const s = shadesOf('#1976d2');
    expect(s).toHaveLength(10);
    const lum = (h: string) => parseInt(h.slice(1, 3), 16) + parseInt(h.slice(3, 5), 16) + parseInt(h.slice(5, 7), 16);
    for (let i = 1; i < 10; i++) expect(lum(s[i])).toBeLessThan(lum(s[i - 1]));
  });
});

describe('readable colours (WCAG AA) in every theme', () => {
  it('filled backgrounds carry white text at 4.5:1 and coloured text and links reach 4.5:1 on the page', () => {
    for (const name of themeNames) {
      const theme = mantineThemeFor(name) as unknown as { colors: Record<string, string[]> };
      const colours = { ...theme.colors, teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#099268', '#087f5b'] };
      const vars = accessibleColorVariables(colours, name);
      const p = themePalettes[name];
      const surface = p.type === 'dark' ? (p.background?.paper ?? '#242424') : '#ffffff';
      for (const c of ['brand', 'errorRed', 'teal']) {
        expect(contrastRatio(vars[`--mantine-color-${c}-filled`], '#ffffff'), `${name} ${c} filled`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(vars[`--mantine-color-${c}-text`], surface), `${name} ${c} text`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(vars['--mantine-color-anchor'], surface), `${name} links`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("light-variant text (badges, tags, light buttons) reaches 4.5:1 on its own background and on a dark theme's cards", () => {
    // Mantine's own blue and red, whose light variants the gift list's Cheque tag and the red light buttons use.
    const blue = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1864ab'];
    const red = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#e03131', '#c92a2a'];
    for (const name of themeNames) {
      const vars = accessibleColorVariables({ blue, red }, name);
      const dark = themePalettes[name].type === 'dark';
      for (const [c, shades] of [['blue', blue], ['red', red]] as const) {
        const text = vars[`--mantine-color-${c}-light-color`];
        // Mantine 9's light background: shade 1 on light themes; shade 9 darkened by half on dark ones.
        const lightBg = dark ? '#' + shades[9].slice(1).match(/../g)!.map((h) => Math.round(parseInt(h, 16) / 2).toString(16).padStart(2, '0')).join('') : shades[1];
        expect(contrastRatio(text, lightBg), `${name} ${c} on its light background`).toBeGreaterThanOrEqual(4.5);
        if (dark) expect(contrastRatio(text, '#2e2e2e'), `${name} ${c} on a card`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('the online status colour stands out 3:1 from the top bar in every theme, Slate dark included', () => {
    const onlineOf = (name: (typeof themeNames)[number]) =>
      accessibleColorVariables((mantineThemeFor(name) as unknown as { colors: Record<string, string[]> }).colors, name)['--moi-status-online'];
    for (const name of themeNames) {
      const p = themePalettes[name];
      const bar = p.type === 'dark' ? p.background!.paper : '#ffffff';
      expect(contrastRatio(onlineOf(name), bar), name).toBeGreaterThanOrEqual(3);
      // The primary itself where it stands out (spec §4), e.g. the Red theme's red; else green.
      expect(onlineOf(name), name).toBe(contrastRatio(accentOf(name), bar) >= 3 ? accentOf(name).toLowerCase() : ui.onlineGreen);
    }
    expect([onlineOf('slateDark1'), onlineOf('slateDark2'), onlineOf('red')]).toEqual([ui.onlineGreen, ui.onlineGreen, '#e53935']);
  });
});
