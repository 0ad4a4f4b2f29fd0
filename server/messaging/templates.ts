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
  giver_receipt: {
    variables: ['receiptNo', 'amount', 'event', 'thanks', 'link'],
    body: {
      en: `Moi receipt ${v}: ${v} received at ${v}. ${v} Check: ${v}`,
      ta: `மொய் ரசீது ${v}: ${v} பெற்றோம், ${v}. ${v} சரிபார்க்க: ${v}`,
    },
  },
  host_totals: {
    variables: ['event', 'count', 'total', 'time'],
    body: { en: `${v}: ${v} gifts so far, total ${v} (as of ${v}).`, ta: `${v}: இதுவரை ${v} மொய், மொத்தம் ${v} (${v} நிலவரம்).` },
  },
  counter_close: {
    variables: ['event', 'counter', 'count', 'total', 'cash'],
    body: { en: `${v}: counter ${v} closed with ${v} gifts, ${v}; cash counted ${v}.`, ta: `${v}: கவுண்டர் ${v} மூடப்பட்டது: ${v} மொய், ${v}; எண்ணிய ரொக்கம் ${v}.` },
  },
  day_total: {
    variables: ['event', 'date', 'count', 'total'],
    body: { en: `${v}: total for ${v}: ${v} gifts, ${v}. Thank you!`, ta: `${v}: ${v} அன்றைய மொத்தம்: ${v} மொய், ${v}. நன்றி!` },
  },
  ledger_reminder: {
    variables: ['person', 'function', 'date', 'received', 'given'],
    body: {
      en: `Moi reminder: ${v}'s ${v} is on ${v}. Received from them ${v}; we gave ${v}.`,
      ta: `மொய் நினைவூட்டல்: ${v} அவர்களின் ${v} ${v} அன்று. அவர்களிடம் பெற்றது ${v}; நாம் செய்தது ${v}.`,
    },
  },
  // Issue 18: the code a nominee reads out to confirm they received a counter's cash.
  custody_otp: {
    variables: ['code', 'event', 'minutes'],
    body: {
      en: `Moi: ${v} is your code to confirm receiving the cash of ${v}. Valid ${v} minutes. Share it only at the counter.`,
      ta: `மொய்: உங்கள் குறியீடு ${v} (${v} ரொக்கம் பெற்றதை உறுதிசெய்ய). ${v} நிமிடங்கள் செல்லும். கவுண்டரில் மட்டும் சொல்லவும்.`,
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

/** A DLT variable holds at most 30 characters on most operators' scrubbers; links and titles get more room. */
export const MAX_VAR = 100;

/** Fills the placeholders in order; refuses a missing, empty, extra or multi-line value. */
export function renderTemplate(t: MessageTemplate, vars: Record<string, string>): string {
  for (const k of Object.keys(vars)) if (!t.variables.includes(k)) throw new TemplateMismatch(`variable ${k} is not in template ${t.key}`);
  const parts = t.body.split(VAR);
  if (parts.length - 1 !== t.variables.length) throw new TemplateMismatch(`template ${t.key} has ${parts.length - 1} placeholders for ${t.variables.length} variables`);
  let out = parts[0];
  t.variables.forEach((name, i) => {
    const val = vars[name];
    if (typeof val !== 'string' || !val.trim()) throw new TemplateMismatch(`variable ${name} is empty`);
    if (/[\r\n\t]/.test(val) || val.includes('{#')) throw new TemplateMismatch(`variable ${name} has a line break or a placeholder`);
    if ([...val].length > MAX_VAR) throw new TemplateMismatch(`variable ${name} is longer than ${MAX_VAR} characters`);
    out += val + parts[i + 1];
  });
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text is the template with its placeholders filled (what a DLT scrubber checks). */
export function matchesTemplate(t: MessageTemplate, text: string): boolean {
  const re = new RegExp(`^${t.body.split(VAR).map(escape).join(`[^\\r\\n]{1,${MAX_VAR}}`)}$`, 'u');
  return re.test(text);
}

/** Render and check: the text that may be sent, or a TemplateMismatch. */
export function renderChecked(t: MessageTemplate, vars: Record<string, string>): string {
  const text = renderTemplate(t, vars);
  if (!matchesTemplate(t, text)) throw new TemplateMismatch(`the rendered text does not match template ${t.key}`);
  return text;
}
