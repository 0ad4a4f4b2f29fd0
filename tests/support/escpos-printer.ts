// A stand-in network receipt printer for tests: listens on a loopback port like a LAN printer's raw
// port 9100, takes each connection as one job, parses its ESC/POS (initialise, raster `GS v 0`,
// QR `GS ( k`, feed, cut; anything else is recorded as an error) and writes each job's raster to a
// PNG. Written from the ESC/POS command reference, not from the app's encoder, so it checks it.
import { createServer, type Server, type Socket } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

export type PrintedRaster = { width: number; height: number; /** one byte per dot, 1 = black */ dots: Uint8Array };
export type PrintedJob = {
  bytes: number;
  initialised: boolean;
  raster: PrintedRaster;
  qr: string[];
  cut: boolean;
  feeds: number;
  errors: string[];
  receivedAt: number;
  png?: string;
};

/** Parses one job's bytes. */
export function parseEscPos(buf: Uint8Array): PrintedJob {
  const job: PrintedJob = { bytes: buf.length, initialised: false, raster: { width: 0, height: 0, dots: new Uint8Array(0) }, qr: [], cut: false, feeds: 0, errors: [], receivedAt: Date.now() };
  const rows: Uint8Array[] = [];
  let qrStore = '';
  let i = 0;
  const need = (n: number) => {
    if (i + n > buf.length) throw new Error(`truncated command at byte ${i}`);
  };
  try {
    while (i < buf.length) {
      const b = buf[i];
      if (b === 0x0a) { job.feeds++; i++; continue; }
      if (b === 0x1b) {
        need(2);
        const c = buf[i + 1];
        if (c === 0x40) { job.initialised = true; i += 2; continue; }
        if (c === 0x64 || c === 0x4a) { need(3); job.feeds += buf[i + 2]; i += 3; continue; }
        if (c === 0x61) { need(3); i += 3; continue; }
        throw new Error(`unknown ESC 0x${c.toString(16)} at byte ${i}`);
      }
      if (b === 0x1d) {
        need(2);
        const c = buf[i + 1];
        if (c === 0x76) {
          need(8);
          if (buf[i + 2] !== 0x30) throw new Error(`GS v ${buf[i + 2]} is not GS v 0 at byte ${i}`);
          const xBytes = buf[i + 4] | (buf[i + 5] << 8);
          const h = buf[i + 6] | (buf[i + 7] << 8);
          need(8 + xBytes * h);
          const width = xBytes * 8;
          if (job.raster.width && job.raster.width !== width) throw new Error(`band width ${width} after ${job.raster.width}`);
          job.raster.width = width;
          for (let y = 0; y < h; y++) {
            const row = new Uint8Array(width);
            for (let x = 0; x < width; x++) row[x] = (buf[i + 8 + y * xBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
            rows.push(row);
          }
          i += 8 + xBytes * h;
          continue;
        }
        if (c === 0x56) {
          need(3);
          const m = buf[i + 2];
          i += m === 0x41 || m === 0x42 ? 4 : 3;
          job.cut = true;
          continue;
        }
        if (c === 0x28 && (buf[i + 2] === 0x6b || buf[i + 2] === 0x4b)) {
          need(5);
          const len = buf[i + 3] | (buf[i + 4] << 8);
          need(5 + len);
          const body = buf.subarray(i + 5, i + 5 + len);
          // GS ( k cn=49: fn 80 stores the QR's data, fn 81 prints it
          if (buf[i + 2] === 0x6b && body[0] === 0x31 && body[1] === 0x50) qrStore = Buffer.from(body.subarray(3)).toString('utf8');
          if (buf[i + 2] === 0x6b && body[0] === 0x31 && body[1] === 0x51) job.qr.push(qrStore);
          i += 5 + len;
          continue;
        }
        throw new Error(`unknown GS 0x${c.toString(16)} at byte ${i}`);
      }
      throw new Error(`unexpected byte 0x${b.toString(16)} at byte ${i}`);
    }
  } catch (err) {
    job.errors.push((err as Error).message);
  }
  const dots = new Uint8Array(job.raster.width * rows.length);
  rows.forEach((r, y) => dots.set(r, y * job.raster.width));
  job.raster = { width: job.raster.width, height: rows.length, dots };
  return job;
}

/** A grey PNG of the dots (black on white). */
export function rasterPng(r: PrintedRaster): Buffer {
  const raw = Buffer.alloc((r.width + 1) * r.height);
  for (let y = 0; y < r.height; y++) {
    raw[y * (r.width + 1)] = 0;
    for (let x = 0; x < r.width; x++) raw[y * (r.width + 1) + 1 + x] = r.dots[y * r.width + x] ? 0 : 255;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(r.width, 0);
  ihdr.writeUInt32BE(Math.max(1, r.height), 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export type StandInPrinter = {
  port: number;
  jobs: PrintedJob[];
  /** Stops answering (as a printer switched off); `up()` listens on the same port again. */
  down(): Promise<void>;
  up(): Promise<void>;
  waitForJobs(n: number, timeoutMs?: number): Promise<PrintedJob[]>;
  close(): Promise<void>;
};

export async function startStandInPrinter(opts: { pngDir?: string; port?: number } = {}): Promise<StandInPrinter> {
  const jobs: PrintedJob[] = [];
  const sockets = new Set<Socket>();
  if (opts.pngDir) mkdirSync(opts.pngDir, { recursive: true });
  const onConnection = (sock: Socket) => {
    sockets.add(sock);
    const parts: Buffer[] = [];
    sock.on('data', (d) => parts.push(d));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      sockets.delete(sock);
      const buf = Buffer.concat(parts);
      if (!buf.length) return;
      const job = parseEscPos(buf);
      if (opts.pngDir && job.raster.height) {
        job.png = path.join(opts.pngDir, `job-${jobs.length + 1}.png`);
        writeFileSync(job.png, rasterPng(job.raster));
      }
      jobs.push(job);
    });
  };
  let server: Server | null = null;
  let port = opts.port ?? 0;
  const listen = () => new Promise<void>((resolve, reject) => {
    const s = createServer(onConnection);
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      const a = s.address();
      port = typeof a === 'object' && a ? a.port : port;
      server = s;
      resolve();
    });
  });
  const stop = () => new Promise<void>((resolve) => {
    const s = server;
    server = null;
    if (!s) return resolve();
    for (const sock of sockets) sock.destroy();
    s.close(() => resolve());
  });
  await listen();
  return {
    get port() {
      return port;
    },
    jobs,
    down: stop,
    up: listen,
    waitForJobs: async (n, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      while (jobs.length < n) {
        if (Date.now() > until) throw new Error(`stand-in printer: ${jobs.length} job(s) after ${timeoutMs} ms, wanted ${n}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return jobs;
    },
    close: stop,
  };
}
