// The installation's stable device id (a UUID kept in localStorage so sign-in can send it before
// the device database opens). The data layer mirrors it, with the server-issued device code, in Dexie.
import { uuidv7 } from '../../contract/ids';

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
      localStorage.removeItem(SECRET_KEY); // a secret belongs to the id it was issued for
    } catch {
      // see above
    }
  }
  return id;
}

const SECRET_KEY = 'moi.deviceSecret';

/**
 * The secret the server issued when this installation first registered its device id; a later
 * sign-in naming the id presents it (anyone else naming the id is refused). Kept beside the id.
 */
export function getDeviceSecret(): string | null {
  try {
    return localStorage.getItem(SECRET_KEY);
  } catch {
    return null;
  }
}

export function setDeviceSecret(secret: string): void {
  try {
    localStorage.setItem(SECRET_KEY, secret);
  } catch {
    // storage unavailable: the next sign-in gets a fresh device id instead
  }
}

/**
 * A fresh device id (and no secret): when the server says the stored id belongs to another
 * installation (device_taken), this one becomes a new device with its own code.
 */
export function resetDeviceId(): string {
  const id = uuidv7();
  try {
    localStorage.setItem(KEY, id);
    localStorage.removeItem(SECRET_KEY);
  } catch {
    // see getDeviceId
  }
  return id;
}
