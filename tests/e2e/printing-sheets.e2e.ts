// Issue 28, items 4, 5 and Web Bluetooth, end to end in Chromium against the real server.
// 1. The close sheet and the cash handover slip on the counter's receipt printer: the venue server
//    prints to a stand-in ESC/POS printer on a loopback port; from the event's counters screen the
//    event admin prints a closed counter's sheet and, after taking its cash, the handover slip, in
//    English on 80 mm and in Tamil on 58 mm. Each arrives as exactly one job whose raster is the
//    canvas the page drew, dot for dot, 576 or 384 dots wide (PNGs in /tmp/print-rasters/sheets/).
// 2. Web Bluetooth through Chromium's DevTools Bluetooth emulation (CDP BluetoothEmulation, which
//    this Chromium has; navigator.bluetooth needs --enable-experimental-web-platform-features on
//    Linux): a fake BLE printer is powered on, the counter staff opens the Receipt printer page from
//    the entry screen, chooses Bluetooth and pairs it in the browser's chooser (answered through CDP
//    DeviceAccess), saves a gift, and the bytes written to the printer's characteristic are parsed by
//    the stand-in printer's ESC/POS parser: one job, the receipt canvas dot for dot, its QR readable,
//    in writes of at most 180 bytes.
// With MOI_SHOTS=1 it saves screenshots to /tmp/shots/printing-sheets/. E2E_STATIC_DIR serves another build.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed-demo';
import { closeDemoCountersCounted, openDemoCountersAsAdmin } from './counter-fixtures';
import { seedCounter, seedEvent, seedUser } from '../sync/fixtures';
import { parseEscPos, rasterPng, startStandInPrinter, type PrintedRaster, type StandInPrinter } from '../support/escpos-printer';
import { canvasDots, decodeQr, differingDots, jobIds } from './print-canvas';
import { CHROMIUM_PATH, launchBrowser, newContext, signInAtCounter, startServer, type E2EServer } from './harness';

const PASSWORD = 'print-sheets-demo-pass';
const SHOTS = process.env.MOI_SHOTS === '1' ? '/tmp/shots/printing-sheets' : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const PNG_DIR = '/tmp/print-rasters/sheets';

let printer: StandInPrinter;
let server: E2EServer;

beforeAll(async () => {
  printer = await startStandInPrinter({ pngDir: PNG_DIR });
  server = await startServer({ PRINTER_HOST: '127.0.0.1', PRINTER_PORT: String(printer.port), ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}) });
  await seedDemo(server.app.db, { password: PASSWORD });
});
afterAll(async () => {
  await server?.close();
  await printer?.close();
});




/** Rows with any ink, and the share of the raster's dots that are black. */
function ink(r: PrintedRaster): { rows: number; share: number } {
  let rows = 0;
  let black = 0;
  for (let y = 0; y < r.height; y++) {
    let any = false;
    for (let x = 0; x < r.width; x++) if (r.dots[y * r.width + x]) { any = true; black++; }
    if (any) rows++;
  }
  return { rows, share: black / (r.width * r.height) };
}

/** Screenshots at 390, 800 and 1440 px (MOI_SHOTS=1), then back to the test's width. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const w of [390, 800, 1440]) {
    await page.setViewportSize({ width: w, height: w === 390 ? 844 : 1000 });
    await new Promise((r) => setTimeout(r, 300));
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

describe('the close sheet and the handover slip on the receipt printer', () => {
  let browser: Browser;
  beforeAll(async () => {
    await closeDemoCountersCounted(server);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('print from the counters screen as one job each, the canvas dot for dot: English on 80 mm, Tamil on 58 mm; the print dialog stays', { timeout: 240_000 }, async () => {
    const t0 = Date.now();
    for (const [lang, paper, code] of [['en', '80', 'A'], ['ta', '58', 'B']] as const) {
      const context = await newContext(browser, { width: 800, height: 1000, locale: lang === 'ta' ? 'ta-IN' : 'en-IN' });
      await context.addInitScript(([l, p]) => {
        localStorage.setItem('moi.language', l);
        localStorage.setItem('moi.e2e', '1');
        // 80 mm: the device never chose a printer, and takes the venue laptop's; 58 mm: chosen on this device
        if (p === '58') localStorage.setItem('moi.printer', JSON.stringify({ transport: 'venue', paper: p, density: 'normal', printOnSave: null, chosen: true }));
        else localStorage.setItem('moi.printer', JSON.stringify({ paper: p }));
      }, [lang, paper]);
      const page = await context.newPage();
      const t = (en: string, ta: string) => (lang === 'en' ? en : ta);
      try {
        await openDemoCountersAsAdmin(page, server, PASSWORD);
        const onPrinter = t(`Print on the receipt printer (${paper} mm)`, `ரசீது அச்சுப்பொறியில் அச்சிடு (${paper} மி.மீ)`);

        // ---- the close sheet ----
        const before = printer.jobs.length;
        await page.getByRole('button', { name: t('Print close sheet', 'கணக்கு முடிப்புத் தாளை அச்சிடு') }).first().click({ timeout: 30_000 });
        const sheetDialog = page.getByRole('dialog', { name: t('Counter close sheet', 'கவுண்டர் கணக்கு முடிப்புத் தாள்') });
        await sheetDialog.waitFor();
        // the browser's print dialog is still offered beside the receipt printer
        expect(await sheetDialog.getByRole('button', { name: t('Print', 'அச்சிடு'), exact: true }).count()).toBe(1);
        await sheetDialog.getByRole('button', { name: onPrinter }).click();
        await sheetDialog.getByRole('status').filter({ hasText: t('Sent to the receipt printer', 'ரசீது அச்சுப்பொறிக்கு அனுப்பப்பட்டது') }).waitFor();
        await shot(page, `close-sheet-dialog-${lang}`);
        const sheetJob = (await printer.waitForJobs(before + 1))[before];
        const [sheetId] = (await jobIds(page)).slice(-1);
        expect(sheetJob.errors).toEqual([]);
        expect(sheetJob.initialised && sheetJob.cut).toBe(true);
        expect(sheetJob.raster.width).toBe(paper === '80' ? 576 : 384);
        expect(differingDots(sheetJob, await canvasDots(page, sheetId))).toBe(0);
        const sheetInk = ink(sheetJob.raster);
        // a sheet of some twenty lines and two signature lines, not a blank strip
        expect(sheetJob.raster.height).toBeGreaterThan(700);
        expect(sheetInk.rows).toBeGreaterThan(350);
        expect(sheetInk.share).toBeGreaterThan(0.02);
        writeFileSync(`${PNG_DIR}/close-sheet-${lang}-${paper}.png`, rasterPng(sheetJob.raster));
        await sheetDialog.locator('.mantine-Modal-close').click();
        await sheetDialog.waitFor({ state: 'detached' });

        // ---- the counter's cash taken by the event admin, then the handover slip ----
        await page.getByTestId(`handover-${code}`).click();
        const hd = page.getByRole('dialog', { name: t(`Hand over cash from Counter ${code}`, `கவுண்டர் ${code} ரொக்கத்தை ஒப்படைத்தல்`) });
        await hd.getByText(t('Event admin', 'நிகழ்வு நிர்வாகி'), { exact: true }).click();
        await hd.getByRole('button', { name: t('Confirm handover', 'ஒப்படைப்பை உறுதிசெய்') }).click();
        await hd.getByTestId('handover-saved').waitFor();
        await hd.getByRole('button', { name: t('Print handover slip', 'ஒப்படைப்புச் சீட்டு அச்சிடு') }).click();
        const slipDialog = page.getByRole('dialog', { name: t('Cash handover slip', 'ரொக்க ஒப்படைப்புச் சீட்டு') });
        await slipDialog.getByRole('button', { name: onPrinter }).click();
        await slipDialog.getByRole('status').waitFor();
        await shot(page, `handover-slip-dialog-${lang}`);
        const slipJob = (await printer.waitForJobs(before + 2))[before + 1];
        const [slipId] = (await jobIds(page)).slice(-1);
        expect(slipId).not.toBe(sheetId);
        expect(slipJob.errors).toEqual([]);
        expect(slipJob.raster.width).toBe(paper === '80' ? 576 : 384);
        expect(differingDots(slipJob, await canvasDots(page, slipId))).toBe(0);
        expect(slipJob.raster.height).toBeGreaterThan(600);
        expect(ink(slipJob.raster).rows).toBeGreaterThan(300);
        writeFileSync(`${PNG_DIR}/handover-slip-${lang}-${paper}.png`, rasterPng(slipJob.raster));
        // nothing else was printed
        await new Promise((r) => setTimeout(r, 500));
        expect(printer.jobs.length).toBe(before + 2);
        console.log(`[printing-sheets] ${lang} ${paper} mm: close sheet ${sheetJob.raster.height} rows / ${sheetJob.bytes} bytes, slip ${slipJob.raster.height} rows / ${slipJob.bytes} bytes`);
      } finally {
        await context.close();
      }
    }
    console.log(`[printing-sheets] sheets ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});

describe('Web Bluetooth, through Chromium\'s DevTools Bluetooth emulation', () => {
  const PRINTER_ADDRESS = '09:18:27:36:45:54';
  const SERVICE = '000018f0-0000-1000-8000-00805f9b34fb'; // the service of Xprinter/GOOJPRT-style BLE printers
  const WRITE_CHAR = '00002af1-0000-1000-8000-00805f9b34fb';
  let browser: Browser;
  let staff: { id: string; username: string; password: string };

  beforeAll(async () => {
    staff = await seedUser(server.app, 'blestaff', 'counter_staff', 'ble-staff-e2e-password');
    const eventId = await seedEvent(server.app, { title: 'BLE print e2e wedding' });
    await seedCounter(server.app, eventId, { code: 'A', staffIds: [staff.id] });
    // Web Bluetooth is behind this switch on Linux desktop Chromium (on by default on Android and Windows/macOS)
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH, headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-experimental-web-platform-features'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A powered-on adapter with one BLE receipt printer in range; every write to it is recorded and acknowledged. */
  async function fakeBlePrinter(): Promise<{ writes: { data: Buffer; type: string }[]; cdp: CDPSession }> {
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    await cdp.send('BluetoothEmulation.simulatePreconnectedPeripheral', { address: PRINTER_ADDRESS, name: 'MPT-II', manufacturerData: [], knownServiceUuids: [SERVICE] });
    const { serviceId } = await cdp.send('BluetoothEmulation.addService', { address: PRINTER_ADDRESS, serviceUuid: SERVICE });
    // a notify-only characteristic first, as real printers have: the app must pick the writable one
    await cdp.send('BluetoothEmulation.addCharacteristic', { serviceId, characteristicUuid: '00002af0-0000-1000-8000-00805f9b34fb', properties: { notify: true } });
    await cdp.send('BluetoothEmulation.addCharacteristic', { serviceId, characteristicUuid: WRITE_CHAR, properties: { write: true } });
    const writes: { data: Buffer; type: string }[] = [];
    cdp.on('BluetoothEmulation.gattOperationReceived', (e) => {
      void cdp.send('BluetoothEmulation.simulateGATTOperationResponse', { address: e.address, type: e.type, code: 0 }).catch(() => undefined);
    });
    cdp.on('BluetoothEmulation.characteristicOperationReceived', (e) => {
      if (e.type === 'write') writes.push({ data: Buffer.from(e.data ?? '', 'base64'), type: e.writeType ?? '' });
      void cdp.send('BluetoothEmulation.simulateCharacteristicOperationResponse', { characteristicId: e.characteristicId, type: e.type, code: 0 }).catch(() => undefined);
    });
    return { writes, cdp };
  }

  it('pairs a fake BLE printer on the Receipt printer page and prints a saved gift\'s receipt through it: one job, the canvas dot for dot', { timeout: 180_000 }, async () => {
    const t0 = Date.now();
    const context = await newContext(browser, { width: 800, height: 1280 });
    await context.addInitScript(() => localStorage.setItem('moi.e2e', '1'));
    const page = await context.newPage();
    const ble = await fakeBlePrinter();
    // the browser's device chooser, answered as a person picking the printer would
    const pageCdp = await context.newCDPSession(page);
    await pageCdp.send('DeviceAccess.enable');
    const answered = new Set<string>();
    pageCdp.on('DeviceAccess.deviceRequestPrompted', (e) => {
      const d = e.devices.find((x) => x.id === PRINTER_ADDRESS);
      if (!d || answered.has(e.id)) return;
      answered.add(e.id);
      void pageCdp.send('DeviceAccess.selectPrompt', { id: e.id, deviceId: d.id }).catch(() => undefined);
    });

    await signInAtCounter(page, server.url, staff);
    expect(await page.evaluate(() => 'bluetooth' in navigator)).toBe(true);
    // the entry screen's "Printer settings" leads to the Receipt printer page, with its breadcrumb
    await page.getByRole('link', { name: 'Printer settings' }).click();
    await page.waitForURL(/\/counter\/printer$/);
    await page.getByTestId('printer-settings').waitFor();
    expect(await page.getByTestId('breadcrumb').locator('[aria-current="page"]').textContent()).toContain('Receipt printer');
    await page.getByRole('radio', { name: 'Bluetooth (BLE)' }).check();
    await page.getByRole('button', { name: 'Choose the printer' }).click();
    await page.getByText('Paired: MPT-II').waitFor({ timeout: 15_000 });
    await shot(page, 'printer-page-paired-ble');
    await page.goBack();
    await page.locator('input[name="name"]').waitFor({ timeout: 30_000 });

    // ---- a gift saved: printing on save is on once a printer is paired ----
    await page.locator('input[name="name"]').fill('முத்துலட்சுமி');
    await page.locator('input[name="village"]').fill('உசிலம்பட்டி');
    await page.locator('input[name="amount"]').fill('1001');
    await page.locator('input[name="amount"]').press('Control+Enter');
    await page.locator('[data-testid="saved-receipt-no"][data-receipt]').waitFor({ timeout: 15_000 });
    // the job: what went over the air, parsed by the stand-in printer's parser, once it ends in a cut
    await expect.poll(() => parseEscPos(Buffer.concat(ble.writes.map((w) => w.data))).cut, { timeout: 30_000 }).toBe(true);
    await page.locator('[data-testid="printer-status"][data-phase="idle"][data-waiting="0"]').waitFor({ timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 1000));
    const bytes = Buffer.concat(ble.writes.map((w) => w.data));
    const job = parseEscPos(bytes);
    expect(job.errors).toEqual([]);
    expect(job.initialised && job.cut).toBe(true);
    // one job: a second copy would make the raster twice the canvas's height
    const [jobId] = await jobIds(page);
    expect((await jobIds(page)).length).toBe(1);
    expect(differingDots(job, await canvasDots(page, jobId))).toBe(0);
    expect(job.raster.width).toBe(384);
    // written with response, in chunks no larger than the link takes, every byte once
    expect(ble.writes.every((w) => w.type === 'write-with-response' && w.data.length <= 180)).toBe(true);
    expect(ble.writes.length).toBe(Math.ceil(bytes.length / 180));
    // the QR on paper is the receipt's link
    const link = await page.locator('[data-testid="last-receipt"] svg[data-qr]').getAttribute('data-qr');
    expect(decodeQr(job)).toBe(link);
    mkdirSync(PNG_DIR, { recursive: true });
    writeFileSync(`${PNG_DIR}/ble-receipt-58.png`, rasterPng(job.raster));
    console.log(`[printing-sheets] BLE: ${bytes.length} bytes in ${ble.writes.length} writes; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await context.close();
    await ble.cdp.detach();
  });
});
