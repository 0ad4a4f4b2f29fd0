// The print previews (issue 31: the handover slip and close sheet previews were cut off at 800 px):
// on the demo wedding, counters A and B closed with their cash counted, the event admin opens "Print close
// sheet" and, after handing the cash over to themselves, "Print handover slip"; at 390, 800 and
// 1440 px, in English and Tamil, each preview shows the whole sheet (A4 and 80 mm roll) with no part
// hidden beyond the dialog's edge. The printout itself keeps its paper width.
// With MOI_SHOTS=1 it saves screenshots to /tmp/shots/print-preview/.
// E2E_STATIC_DIR serves another build than dist-e2e (a build of one's own).
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed-demo';
import { closeDemoCountersCounted, openDemoCountersAsAdmin } from './counter-fixtures';
import { launchBrowser, newContext, startServer, waitForStill, type E2EServer } from './harness';

const PASSWORD = 'print-preview-demo-pass';
const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/print-preview' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  await seedDemo(server.app.db, { password: PASSWORD });
  // Counters A and B closed with a count of their cash; each language's run hands one over.
  await closeDemoCountersCounted(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Where the preview's sheet ends against the preview box and the window; 0 overflow means none of it is hidden. */
async function fit(dialog: Locator) {
  return dialog.locator('.moi-close-sheet-preview').evaluate((box) => {
    const sheet = box.querySelector('.moi-close-sheet') as HTMLElement;
    const b = box.getBoundingClientRect();
    const s = sheet.getBoundingClientRect();
    return {
      hiddenInBox: Math.max(0, box.scrollWidth - box.clientWidth),
      pastBox: Math.max(0, Math.round(s.right - b.right)),
      pastWindow: Math.max(0, Math.round(Math.max(b.right, s.right) - document.documentElement.clientWidth)),
    };
  });
}

async function checkPreview(page: Page, title: string, name: string, width: number, lang: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const found: Record<string, unknown> = {};
  for (const paper of ['a4', '80'] as const) {
    // The paper chosen stays chosen between openings: pick each one.
    await dialog.locator(`label[for$="-${paper}"]`).click();
    await waitForStill(page);
    const f = await fit(dialog);
    if (f.hiddenInBox || f.pastBox || f.pastWindow) found[`${name} ${paper} at ${width}px`] = f;
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}-${paper}.png` });
  }
  // Its own close button (Escape would close the handover dialog under it too).
  await dialog.locator('.mantine-Modal-close').click();
  await dialog.waitFor({ state: 'detached' });
  return found;
}

describe('print previews', () => {
  it('show the whole close sheet and handover slip at 390, 800 and 1440 px, in English and Tamil', async () => {
    const problems: Record<string, unknown> = {};
    for (const lang of ['en', 'ta'] as const) {
      const context = await newContext(browser, { width: 800, height: 1000, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
      await context.addInitScript((l) => localStorage.setItem('moi.language', l), lang);
      const page = await context.newPage();
      try {
        await openDemoCountersAsAdmin(page, server, PASSWORD);
        const t = (en: string, ta: string) => (lang === 'en' ? en : ta);
        const sheetButton = page.getByRole('button', { name: t('Print close sheet', 'கணக்கு முடிப்புத் தாளை அச்சிடு') });
        await sheetButton.first().waitFor({ timeout: 30_000 });
        for (const width of [390, 800, 1440]) {
          await page.setViewportSize({ width, height: 1000 });
          await sheetButton.first().click();
          Object.assign(problems, await checkPreview(page, t('Counter close sheet', 'கவுண்டர் கணக்கு முடிப்புத் தாள்'), 'close-sheet', width, lang));
        }
        // The cash handed to the event admin (recorded with their session), then its slip.
        await page.setViewportSize({ width: 800, height: 1000 });
        const code = lang === 'en' ? 'A' : 'B';
        await page.getByTestId(`handover-${code}`).click();
        const hd = page.getByRole('dialog', { name: t(`Hand over cash from Counter ${code}`, `கவுண்டர் ${code} ரொக்கத்தை ஒப்படைத்தல்`) });
        await hd.getByText(t('Event admin', 'நிகழ்வு நிர்வாகி'), { exact: true }).click();
        await hd.getByRole('button', { name: t('Confirm handover', 'ஒப்படைப்பை உறுதிசெய்') }).click();
        await hd.getByTestId('handover-saved').waitFor();
        for (const width of [390, 800, 1440]) {
          await page.setViewportSize({ width, height: 1000 });
          await hd.getByRole('button', { name: t('Print handover slip', 'ஒப்படைப்புச் சீட்டு அச்சிடு') }).click();
          Object.assign(problems, await checkPreview(page, t('Cash handover slip', 'ரொக்க ஒப்படைப்புச் சீட்டு'), 'handover-slip', width, lang));
        }
      } finally {
        await context.close();
      }
    }
    expect(problems).toEqual({});
  }, 300_000);
});
