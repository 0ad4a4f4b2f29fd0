// The printer's test page: Tamil letters and conjuncts at the receipt's sizes, a rule and a QR, so
// the staff see at once whether the paper width and darkness suit this printer.
import { uuidv7 } from '../../../contract/ids';
import { encodeRasterJob } from './escpos';
import { printerSettings, queueJob } from './printer';
import { DENSITY_LEVEL, fontsReady, renderDoc, type Block } from './raster-doc';

type T = (key: string, opts?: Record<string, unknown>) => string;

export function testPageDoc(t: T, paper: '58' | '80', density: string): Block[] {
  const body = paper === '58' ? 24 : 27;
  return [
    { kind: 'text', text: t('print.testPage.title'), size: body + 6, bold: true, align: 'center' },
    { kind: 'rule', dashed: true },
    { kind: 'text', text: t('print.testPage.tamil'), size: body },
    { kind: 'text', text: t('print.testPage.words'), size: body, bold: true },
    { kind: 'text', text: t('print.testPage.words'), size: body - 2 },
    { kind: 'rule' },
    { kind: 'text', text: t('print.testPage.paper', { paper: `${paper} mm`, density }), size: body - 2 },
    { kind: 'qr', text: 'https://moi.example/test', scale: paper === '58' ? 5 : 6 },
    { kind: 'text', text: t('print.testPage.ok'), size: body - 2, align: 'center' },
  ];
}

export async function printTestPage(t: T): Promise<void> {
  const s = printerSettings();
  await fontsReady();
  const { raster } = renderDoc(testPageDoc(t, s.paper, t(`print.settings.densities.${s.density}`)), { paper: s.paper, level: DENSITY_LEVEL[s.density] });
  await queueJob({ id: uuidv7(), kind: 'test', duplicate: false, bytes: encodeRasterJob(raster) });
}
