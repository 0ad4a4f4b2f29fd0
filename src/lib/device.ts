// The installation's stable device id (a UUID kept in localStorage so sign-in can send it before
// the device database opens). The data layer mirrors it, with the server-issued device code, in Dexie.
import { uuidv7 } from './ids';

const KEY = 'moi.deviceId';

export function getDeviceId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(KEY);
  } catch {
    // storage unavailable: a per-page id still lets the page work
  }
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) {
    id = uuidv7();
    try {
      localStorage.setItem(KEY, id);
    } catch {
      // see above
    }
  }
  return id;
}
