// Web Bluetooth (BLE) receipt printers: Chrome on Android and desktop. Loaded only when this
// transport is chosen. The printer's write characteristic is found among the services cheap ESC/POS
// printers use; the job goes in chunks that fit a typical negotiated MTU, each awaited.
import { PrinterNotConnected, writeChunked, type Transport } from './types';

/** Services of common BLE receipt printers (Xprinter/GOOJPRT/"BlueTooth Printer", Epson TM-P, Microchip ISSC, Nordic UART). */
export const PRINTER_SERVICES = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  '0000ff00-0000-1000-8000-00805f9b34fb',
  '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
];

/** With response: 180 bytes fit the MTU Android negotiates with these printers (185). Without: the 20 every BLE link takes. */
export const CHUNK_WITH_RESPONSE = 180;
export const CHUNK_WITHOUT_RESPONSE = 20;

// The parts of Web Bluetooth used here (TypeScript's DOM library has none of it).
export type BleCharacteristic = {
  properties: { write: boolean; writeWithoutResponse: boolean };
  writeValueWithResponse(v: Uint8Array): Promise<void>;
  writeValueWithoutResponse(v: Uint8Array): Promise<void>;
};
type BleService = { getCharacteristics(): Promise<BleCharacteristic[]> };
type BleServer = { connected: boolean; getPrimaryServices(): Promise<BleService[]> };
export type BleDevice = { id: string; name?: string; gatt?: { connected: boolean; connect(): Promise<BleServer> } };
type Bluetooth = {
  requestDevice(o: { filters: { services: string[] }[]; optionalServices: string[] }): Promise<BleDevice>;
  getDevices?(): Promise<BleDevice[]>;
};
const bluetooth = (): Bluetooth | undefined => (navigator as unknown as { bluetooth?: Bluetooth }).bluetooth;

export const bluetoothSupported = (): boolean => !!bluetooth();

let device: BleDevice | null = null;
let characteristic: BleCharacteristic | null = null;

/** The browser's chooser (needs a tap). Returns the printer's name. */
export async function pairBluetooth(): Promise<{ id: string; name: string }> {
  const bt = bluetooth();
  if (!bt) throw new PrinterNotConnected('no Web Bluetooth');
  device = await bt.requestDevice({ filters: PRINTER_SERVICES.map((s) => ({ services: [s] })), optionalServices: PRINTER_SERVICES });
  characteristic = null;
  return { id: device.id, name: device.name ?? device.id };
}

/** The writable characteristic of a connected printer. */
export async function findWritable(server: BleServer): Promise<BleCharacteristic> {
  for (const service of await server.getPrimaryServices()) {
    for (const c of await service.getCharacteristics()) if (c.properties.write || c.properties.writeWithoutResponse) return c;
  }
  throw new PrinterNotConnected('the printer has no writable characteristic');
}

/** Sends a job through one characteristic: chunked, each write awaited (back-pressure). */
export function sendBle(c: BleCharacteristic, bytes: Uint8Array): Promise<void> {
  return c.properties.write
    ? writeChunked(bytes, CHUNK_WITH_RESPONSE, (chunk) => c.writeValueWithResponse(chunk))
    : writeChunked(bytes, CHUNK_WITHOUT_RESPONSE, (chunk) => c.writeValueWithoutResponse(chunk));
}

async function connected(savedId: string | undefined): Promise<BleCharacteristic> {
  // after a reload the chooser cannot open by itself: Chrome's getDevices() (where enabled) gives back the paired printer
  if (!device && savedId) device = (await bluetooth()?.getDevices?.())?.find((d) => d.id === savedId) ?? null;
  if (!device?.gatt) throw new PrinterNotConnected('no Bluetooth printer paired on this page');
  if (characteristic && device.gatt.connected) return characteristic;
  characteristic = await findWritable(await device.gatt.connect());
  return characteristic;
}

export const bluetoothTransport = (savedId?: string): Transport => ({
  kind: 'bluetooth',
  resendable: false,
  send: async (_id, bytes) => sendBle(await connected(savedId), bytes),
});
