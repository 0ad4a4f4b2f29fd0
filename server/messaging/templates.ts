// Message templates (issue 15): the approved text with its {#var#} placeholders in the order of its
// variables, the DLT template id (SMS) and the WhatsApp template name and language. A message is
// rendered from its template and checked against it before it is sent; a mismatch is refused.
import { and, eq } from 'drizzle-orm';
import { type MessageLang, type MessageTemplate, type TemplateKey, VAR, templateKeys, templateSchema } from '../../contract/messaging';
import type { Db } from '../db/client';
import { messageTemplates } from '../db/schema';

const v = VAR;
type Default = { body: Record<MessageLang, string>; variables: string[] };
/** The built-in texts; an admin's saved template (with its DLT id) replaces one. */
export const defaultTemplates: Record<TemplateKey, Default> = {
  // A value that may pass DLT's 30 characters gets two (or three) placeholders side by side.
  giver_receipt: {
    variables: ['receiptNo', 'amount', 'event', 'event', 'thanks', 'thanks', 'link', 'link'],
    body: {
      en: `Moi receipt ${v}: ${v} received at ${v}${v}. ${v}${v} Check: ${v}${v}`,
      ta: `மொய் ரசீது ${v}: ${v} பெற்றோம், ${v}${v}. ${v}${v} சரிபார்க்க: ${v}${v}`,
    },
  },
  host_totals: {
    variables: ['event', 'event', 'count', 'total', 'time'],
    body: { en: `${v}${v}: ${v} gifts so far, total ${v} (as of ${v}).`, ta: `${v}${v}: இதுவரை ${v} மொய், மொத்தம் ${v} (${v} நிலவரம்).` },
  },
  counter_close: {
    variables: ['event', 'event', 'counter', 'count', 'total', 'cash'],
    body: { en: `${v}${v}: counter ${v} closed with ${v} gifts, ${v}; cash counted ${v}.`, ta: `${v}${v}: கவுண்டர் ${v} மூடப்பட்டது: ${v} மொய், ${v}; எண்ணிய ரொக்கம் ${v}.` },
  },
  day_total: {
    variables: ['event', 'event', 'date', 'count', 'total'],
    body: { en: `${v}${v}: total for ${v}: ${v} gifts, ${v}. Thank you!`, ta: `${v}${v}: ${v} அன்றைய மொத்தம்: ${v} மொய், ${v}. நன்றி!` },
  },
  ledger_reminder: {
    variables: ['person', 'function', 'function', 'date', 'received', 'given'],
    body: {
      en: `Moi reminder: ${v}'s ${v}${v} is on ${v}. Received from them ${v}; we gave ${v}.`,
      ta: `மொய் நினைவூட்டல்: ${v} அவர்களின் ${v}${v} ${v} அன்று. அவர்களிடம் பெற்றது ${v}; நாம் செய்தது ${v}.`,
    },
  },
  // Issue 18: the code a nominee reads out to confirm they received a counter's cash.
  custody_otp: {
    variables: ['code', 'event', 'event', 'minutes'],
    body: {
      en: `Moi: ${v} is your code to confirm receiving the cash of ${v}${v}. Valid ${v} minutes. Share it only at the counter.`,
      ta: `மொய்: உங்கள் குறியீடு ${v} (${v}${v} ரொக்கம் பெற்றதை உறுதிசெய்ய). ${v} நிமிடங்கள் செல்லும். கவுண்டரில் மட்டும் சொல்லவும்.`,
    },
  },
  // Issue 29: a hall's admins hear, a few days ahead, that its Partner Track renews (a charge to come)
  // or ends (no further charge: its events cannot open counters after that date).
  plan_renewal: {
    variables: ['hall', 'hall', 'date', 'amount'],
    body: {
      en: `Moi: the Partner Track of ${v}${v} renews on ${v}; ${v} will be charged.`,
      ta: `மொய்: ${v}${v} பார்ட்னர் டிராக் ${v} அன்று புதுப்பிக்கப்படும்; ${v} வசூலிக்கப்படும்.`,
    },
  },
  plan_expiry: {
    variables: ['hall', 'hall', 'date'],
    body: {
      en: `Moi: the Partner Track of ${v}${v} ends on ${v}. Renew it on the hall's page to keep opening counters.`,
      ta: `மொய்: ${v}${v} பார்ட்னர் டிராக் ${v} அன்று முடிகிறது. கவுண்டர்களைத் தொடர்ந்து திறக்க மண்டபப் பக்கத்தில் புதுப்பிக்கவும்.`,
    },
  },
  test: { variables: ['server'], body: { en: `Moi test message from ${v}.`, ta: `${v} இலிருந்து மொய் சோதனைச் செய்தி.` } },
};

export function builtIn(key: TemplateKey, lang: MessageLang): MessageTemplate {
  const d = defaultTemplates[key];
  return { key, lang, body: d.body[lang], variables: d.variables, dltTemplateId: '', waTemplateName: `moi_${key}`, waLanguage: lang };
}

export async function loadTemplate(db: Db, key: TemplateKey, lang: MessageLang): Promise<MessageTemplate> {
  const [r] = await db.select().from(messageTemplates).where(and(eq(messageTemplates.key, key), eq(messageTemplates.lang, lang))).limit(1);
  if (!r) return builtIn(key, lang);
  return { key, lang, body: r.body, variables: r.variables, dltTemplateId: r.dltTemplateId, waTemplateName: r.waTemplateName, waLanguage: r.waLanguage };
}

export async function listTemplates(db: Db): Promise<Array<MessageTemplate & { custom: boolean }>> {
  const rows = await db.select().from(messageTemplates);
  const out: Array<MessageTemplate & { custom: boolean }> = [];
  for (const key of templateKeys) {
    for (const lang of ['ta', 'en'] as const) {
      const r = rows.find((x) => x.key === key && x.lang === lang);
      out.push(r ? { key, lang, body: r.body, variables: r.variables, dltTemplateId: r.dltTemplateId, waTemplateName: r.waTemplateName, waLanguage: r.waLanguage, custom: true } : { ...builtIn(key, lang), custom: false });
    }
  }
  return out;
}

export async function saveTemplate(db: Db, t: MessageTemplate, by: string): Promise<void> {
  const parsed = templateSchema.parse(t);
  const values = { ...parsed, updatedBy: by, updatedAt: new Date().toISOString() };
  await db.insert(messageTemplates).values(values).onConflictDoUpdate({ target: [messageTemplates.key, messageTemplates.lang], set: values });
}

export class TemplateMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateMismatch';
  }
}

/**
 * A DLT variable holds at most 30 characters (TRAI's DLT rule as operators' scrubbers apply it,
 * counted here in Unicode code points: a Tamil letter with its vowel sign counts two). A value that
 * may be longer is given several placeholders side by side in the template (`{#var#}{#var#}`, its
 * name repeated in `variables`): it is split across them, at a space where one falls near the end
 * of a part and never inside a letter. A value longer than all its parts together is shortened at a
 * word with "…" — except a link, which is refused (a cut link is no link).
 */
export const DLT_VAR_MAX = 30;

const graphemes = (s: string): string[] => [...new Intl.Segmenter('ta', { granularity: 'grapheme' }).segment(s)].map((x) => x.segment);
const cpLen = (s: string) => [...s].length;

/** `s` cut to at most `max` code points at a word (else a letter) boundary, with "…" when cut. */
export function clipText(s: string, max: number): string {
  if (cpLen(s) <= max) return s;
  let out = '';
  for (const g of graphemes(s)) {
    if (cpLen(out) + cpLen(g) > max - 1) break;
    out += g;
  }
  const space = out.lastIndexOf(' ');
  if (space > out.length / 2) out = out.slice(0, space);
  return `${out.trimEnd()}…`;
}

/** `s` in `n` parts of at most DLT_VAR_MAX code points, joined back exactly; null if it does not fit. */
export function dltParts(s: string, n: number): string[] | null {
  const gs = graphemes(s);
  const parts: string[] = [];
  let i = 0;
  for (let k = 0; k < n; k++) {
    let part = '';
    let lastSpace = -1;
    let j = i;
    while (j < gs.length && cpLen(part) + cpLen(gs[j]) <= DLT_VAR_MAX) {
      part += gs[j];
      if (gs[j] === ' ') lastSpace = j;
      j++;
    }
    // Break after the last space when the rest would still fit in the parts left.
    if (j < gs.length && lastSpace > i && k < n - 1) {
      const rest = gs.slice(lastSpace + 1).join('');
      if (cpLen(rest) <= (n - k - 1) * DLT_VAR_MAX - (n - k - 1) * 4) {
        part = gs.slice(i, lastSpace + 1).join('');
        j = lastSpace + 1;
      }
    }
    parts.push(part);
    i = j;
  }
  return i >= gs.length ? parts : null;
}

/** The template's values in order, side-by-side placeholders of one value named once. */
export const valueNames = (variables: readonly string[]): string[] => variables.filter((n, i) => n !== variables[i - 1]);

/** Fills the placeholders in order; refuses a missing, empty, extra or multi-line value. */
export function renderTemplate(t: MessageTemplate, vars: Record<string, string>): string {
  for (const k of Object.keys(vars)) if (!t.variables.includes(k)) throw new TemplateMismatch(`variable ${k} is not in template ${t.key}`);
  const parts = t.body.split(VAR);
  if (parts.length - 1 !== t.variables.length) throw new TemplateMismatch(`template ${t.key} has ${parts.length - 1} placeholders for ${t.variables.length} variables`);
  let out = parts[0];
  for (let i = 0; i < t.variables.length;) {
    const name = t.variables[i];
    let slots = 1;
    while (t.variables[i + slots] === name) slots++;
    let val = vars[name];
    if (typeof val !== 'string' || !val.trim()) throw new TemplateMismatch(`variable ${name} is empty`);
    if (/[\r\n\t]/.test(val) || val.includes('{#')) throw new TemplateMismatch(`variable ${name} has a line break or a placeholder`);
    const room = slots * DLT_VAR_MAX;
    if (cpLen(val) > room) {
      if (name === 'link') throw new TemplateMismatch(`the link (${cpLen(val)} characters) needs ${Math.ceil(cpLen(val) / DLT_VAR_MAX)} placeholders side by side in template ${t.key}: a DLT variable holds ${DLT_VAR_MAX}`);
      val = clipText(val, room);
    }
    const chunks = dltParts(val, slots) ?? dltParts(clipText(val, room - 4 * slots), slots)!;
    chunks.forEach((c, k) => { out += c + parts[i + k + 1]; });
    i += slots;
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text is the template with its placeholders filled (what a DLT scrubber checks). */
export function matchesTemplate(t: MessageTemplate, text: string): boolean {
  const re = new RegExp(`^${t.body.split(VAR).map(escape).join(`[^\\r\\n]{0,${DLT_VAR_MAX}}`)}$`, 'u');
  return re.test(text);
}

/** Render and check: the text that may be sent, or a TemplateMismatch. */
export function renderChecked(t: MessageTemplate, vars: Record<string, string>): string {
  const text = renderTemplate(t, vars);
  if (!matchesTemplate(t, text)) throw new TemplateMismatch(`the rendered text does not match template ${t.key}`);
  return text;
}
