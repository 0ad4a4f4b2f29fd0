// WebUSB: USB printers on Android (OTG) and desktop (Windows needs the WinUSB driver, e.g. by
// Zadig). The printer-class interface's bulk OUT endpoint takes the job; each transfer is awaited.
import { PrinterNotConnected, writeChunked, type Transport } from './types';

type Endpoint = { direction: 'in' | 'out'; type: string; endpointNumber: number };
type Alternate = { interfaceClass: number; endpoints: Endpoint[] };
type Iface = { interfaceNumber: number; alternate: Alternate; claimed: boolean };
type UsbDevice = {
  productName?: string; serialNumber?: string; opened: boolean;
  configuration: { interfaces: Iface[] } | null;
  open(): Promise<void>; selectConfiguration(n: number): Promise<void>; claimInterface(n: number): Promise<void>;
  transferOut(ep: number, data: Uint8Array): Promise<{ status: string }>;
};
type Usb = { requestDevice(o: { filters: { classCode: number }[] }): Promise<UsbDevice>; getDevices(): Promise<UsbDevice[]> };
const usb = (): Usb | undefined => (navigator as unknown as { usb?: Usb }).usb;

export const usbSupported = (): boolean => !!usb();
const PRINTER_CLASS = 7;

let device: UsbDevice | null = null;

export async function pairUsb(): Promise<{ id: string; name: string }> {
  const u = usb();
  if (!u) throw new PrinterNotConnected('no WebUSB');
  device = await u.requestDevice({ filters: [{ classCode: PRINTER_CLASS }] });
  const name = device.productName ?? 'USB printer';
  return { id: device.serialNumber ?? name, name };
}

async function endpoint(): Promise<{ d: UsbDevice; ep: number }> {
  if (!device) device = (await usb()?.getDevices())?.[0] ?? null;
  const d = device;
  if (!d) throw new PrinterNotConnected('no USB printer paired');
  if (!d.opened) await d.open();
  if (!d.configuration) await d.selectConfiguration(1);
  for (const i of d.configuration?.interfaces ?? []) {
    const out = i.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
    if (i.alternate.interfaceClass === PRINTER_CLASS && out) {
      if (!i.claimed) await d.claimInterface(i.interfaceNumber);
      return { d, ep: out.endpointNumber };
    }
  }
  throw new PrinterNotConnected('the USB device has no printer interface');
}

export const usbTransport = (): Transport => ({
  kind: 'usb',
  resendable: false,
  send: async (_id, bytes) => {
    const { d, ep } = await endpoint();
    await writeChunked(bytes, 4096, async (chunk) => {
      const r = await d.transferOut(ep, chunk);
      if (r.status !== 'ok') throw new Error(`USB transfer ${r.status}`);
    });
  },
});
