// The venue-server print transport (issue 28): GET /moi/print/venue says whether this server has a
// LAN printer (PRINTER_HOST); PUT /moi/print/jobs/:jobId (application/octet-stream, the ESC/POS
// bytes) prints a job on it. Any signed-in user of a counter may print; nothing is stored.
import type { FastifyInstance } from 'fastify';
import { MAX_PRINT_JOB_BYTES, printJobIdSchema, type PrintJobResult, type VenuePrinterStatus } from '../../contract/print';
import { requireGroup } from './guard';
import { HttpError } from '../errors';
import { LanPrinter } from '../printer/lan-printer';

export default async function printRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  // Read per request (one LanPrinter per address, keeping its printed ids), so the configuration is the app's as it stands.
  let current: LanPrinter | null = null;
  const venuePrinter = (): LanPrinter | null => {
    const conf = app.config.printer;
    if (!conf) return null;
    if (current?.host !== conf.host || current.port !== conf.port) current = new LanPrinter(conf.host, conf.port);
    return current;
  };

  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_PRINT_JOB_BYTES }, (_req, body, done) => done(null, body));

  app.get('/print/venue', async (req): Promise<VenuePrinterStatus> => {
    await requireGroup(db, req, 'all');
    return { configured: !!venuePrinter() };
  });

  app.put('/print/jobs/:jobId', { bodyLimit: MAX_PRINT_JOB_BYTES }, async (req): Promise<PrintJobResult> => {
    await requireGroup(db, req, 'all');
    const id = printJobIdSchema.safeParse((req.params as { jobId?: string }).jobId);
    if (!id.success) throw new HttpError(400, 'invalid_body', 'The job id must be a UUID');
    const body = req.body;
    if (!Buffer.isBuffer(body)) throw new HttpError(400, 'invalid_body', 'Send the job as application/octet-stream');
    // Every job starts by initialising the printer (ESC @): anything else is not a job we made.
    if (body.length < 2 || body[0] !== 0x1b || body[1] !== 0x40) throw new HttpError(400, 'invalid_body', 'A print job starts with ESC @');
    const printer = venuePrinter();
    if (!printer) throw new HttpError(404, 'not_found', 'This server has no printer configured (PRINTER_HOST)');
    try {
      const r = await printer.print(id.data, body);
      return { printed: true, duplicate: r.duplicate };
    } catch (err) {
      req.log.warn({ err }, 'venue printer did not take a job');
      throw new HttpError(503, 'printer_unreachable', `The printer at ${printer.host}:${printer.port} did not take the job`);
    }
  });
}
