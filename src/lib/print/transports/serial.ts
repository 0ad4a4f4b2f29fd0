// Web Serial: classic Bluetooth (SPP) printers on Chrome for Android 138+, and USB/Bluetooth serial
// ports on desktop. The port's stream gives back-pressure: each chunk waits for `writer.ready`.
import { PrinterNotConnected, writeChunked, type Transport } from './types';

type Port = {
  readable: unknown;
  writable: WritableStream<Uint8Array> | null;
  open(o: { baudRate: number }): Promise<void>;
  getInfo(): { usbVendorId?: number; usbProductId?: number; bluetoothServiceClassId?: string | number };
};
type Serial = { requestPort(o?: object): Promise<Port>; getPorts(): Promise<Port[]> };
const serial = (): Serial | undefined => (navigator as unknown as { serial?: Serial }).serial;

export const serialSupported = (): boolean => !!serial();
/** Serial Port Profile: what classic Bluetooth printers offer. */
const SPP = '00001101-0000-1000-8000-00805f9b34fb';

let port: Port | null = null;

export async function pairSerial(): Promise<{ id: string; name: string }> {
  const s = serial();
  if (!s) throw new PrinterNotConnected('no Web Serial');
  port = await s.requestPort({ allowedBluetoothServiceClassIds: [SPP] });
  const info = port.getInfo();
  const name = info.usbVendorId ? `USB ${info.usbVendorId.toString(16)}:${(info.usbProductId ?? 0).toString(16)}` : 'Bluetooth serial';
  return { id: name, name };
}

async function opened(): Promise<WritableStream<Uint8Array>> {
  // after a reload: the port this site was allowed before
  if (!port) port = (await serial()?.getPorts())?.[0] ?? null;
  if (!port) throw new PrinterNotConnected('no serial printer paired');
  if (!port.writable) await port.open({ baudRate: 9600 });
  if (!port.writable) throw new PrinterNotConnected('the serial port did not open');
  return port.writable;
}

export const serialTransport = (): Transport => ({
  kind: 'serial',
  resendable: false,
  send: async (_id, bytes) => {
    const writer = (await opened()).getWriter();
    try {
      await writeChunked(bytes, 512, async (chunk) => {
        await writer.ready;
        await writer.write(chunk);
      });
      await writer.ready;
    } finally {
      writer.releaseLock();
    }
  },
});
