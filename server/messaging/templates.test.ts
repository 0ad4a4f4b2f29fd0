// DLT's 30 characters per variable (issue 31): values are split across side-by-side placeholders,
// never inside a Tamil letter, shortened at a word with "…" when even those are too few; a link is
// never cut. The close summary no longer cuts a counter's name mid-word.
import { describe, expect, it } from 'vitest';
import { VAR, type MessageTemplate } from '../../contract/messaging';
import { DLT_VAR_MAX, builtIn, clipText, dltParts, matchesTemplate, renderChecked, renderTemplate } from './templates';

const tpl = (body: string, variables: string[]): MessageTemplate => ({ key: 'test', lang: 'ta', body, variables, dltTemplateId: '1', waTemplateName: '', waLanguage: '' });
const cps = (s: string) => [...s].length;
/** The values a rendered text put in each placeholder. */
function slotValues(t: MessageTemplate, text: string): string[] {
  const re = new RegExp(`^${t.body.split(VAR).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.{0,30}?)')}$`, 'u');
  return [...(text.match(re) ?? [])].slice(1);
}

describe('DLT variables of at most 30 characters', () => {
  it('a 48-character link fills two placeholders and reads whole', () => {
    const link = 'https://moi.example.in/r/AbCdEfGhIjKlMnOpQrStUv';
    const t = tpl(`சரிபார்க்க: ${VAR}${VAR}`, ['link', 'link']);
    const text = renderChecked(t, { link });
    expect(text).toBe(`சரிபார்க்க: ${link}`);
    expect(matchesTemplate(t, text)).toBe(true);
  });

  it('a link too long for its placeholders is refused, not cut', () => {
    expect(() => renderTemplate(tpl(`x ${VAR}`, ['link']), { link: 'https://moi.example.in/r/AbCdEfGhIjKlMnOpQrStUv' })).toThrow(/needs 2 placeholders/);
  });

  it('a long Tamil title is split at a space and never inside a letter', () => {
    const title = 'செல்வம் – மீனாட்சி திருமண வரவேற்பு';
    expect(cps(title)).toBeGreaterThan(DLT_VAR_MAX);
    const parts = dltParts(title, 2)!;
    expect(parts.join('')).toBe(title);
    for (const p of parts) expect(cps(p)).toBeLessThanOrEqual(DLT_VAR_MAX);
    expect(parts[0].endsWith(' ')).toBe(true);
    expect(/^\p{M}/u.test(parts[1])).toBe(false);
    const text = renderChecked(builtIn('host_totals', 'ta'), { event: title, count: '12', total: '₹12,000', time: '14:05' });
    expect(text).toBe(`${title}: இதுவரை 12 மொய், மொத்தம் ₹12,000 (14:05 நிலவரம்).`);
  });

  it('a Tamil word longer than a part is split between letters, not inside one', () => {
    const word = 'திருமணவரவேற்புவிழாமண்டபம்கல்யாணம்';
    const parts = dltParts(word, 2)!;
    expect(parts.join('')).toBe(word);
    expect(/^\p{M}/u.test(parts[1])).toBe(false);
  });

  it('a counter name too long for its one placeholder ends at a word with "…"', () => {
    const counter = 'B Kalyana Mandapam North Entrance Gate';
    const text = renderChecked(builtIn('counter_close', 'en'), { event: 'Selvam Wedding', counter, count: '3', total: '₹3,000', cash: '₹3,000' });
    expect(text).toContain('counter B Kalyana Mandapam North… closed');
    expect(clipText('மதுரை மீனாட்சி அம்மன் கோவில் தெரு வடக்கு', 20)).toBe('மதுரை மீனாட்சி…');
  });

  it('every built-in template renders typical values within 30 characters a placeholder', () => {
    const long = 'செல்வம் – மீனாட்சி திருமண வரவேற்பு';
    const values: Record<string, string> = { receiptNo: 'A-T7-0042-ab12cd', amount: '₹1,001', event: long, thanks: 'தங்கள் வருகைக்கும் வாழ்த்துக்கும் மனமார்ந்த நன்றி!', link: 'https://moi.example.in/r/AbCdEfGhIjKlMnOpQrStUv', count: '128', total: '₹1,22,549', time: '14:05', counter: 'A', cash: '₹58,000', date: '2026-11-22', person: 'முருகன்', function: 'பெயர் சூட்டு விழா', received: '₹501', given: '₹1,001', code: '123456', minutes: '10', server: 'moi.example.in', hall: 'ஸ்ரீ லட்சுமி திருமண மஹால், மதுரை' };
    for (const key of ['giver_receipt', 'host_totals', 'counter_close', 'day_total', 'ledger_reminder', 'custody_otp', 'plan_renewal', 'plan_expiry', 'test'] as const) {
      for (const lang of ['ta', 'en'] as const) {
        const t = builtIn(key, lang);
        const vars = Object.fromEntries(t.variables.map((n) => [n, values[n]]));
        const text = renderChecked(t, vars);
        for (const v of slotValues(t, text)) expect(cps(v), `${key}/${lang}`).toBeLessThanOrEqual(DLT_VAR_MAX);
      }
    }
  });
});
