// The custody screens' actions in one hook (issue 18): save a handover (Dexie + outbox, offline),
// check a PIN against the hash on this device, and — online, where the server has messaging —
// send a nominee an OTP.
import { useEffect, useMemo, useState } from 'react';
import type { Handover } from '../../contract/custody';
import { custodyConfig, sendHandoverOtp } from '../lib/custody-api';
import { requireSignedInUser } from '../lib/auth-store';
import { appLanguage } from '../lib/format';
import { checkPin, createHandover } from './custody-repo';

type Req = Parameters<typeof createHandover>[0];

export function useCustodyActions(eventId: string | null | undefined, by: string | null, pinAuthorId?: string | null) {
  const [otp, setOtp] = useState(false);
  useEffect(() => {
    let live = true;
    custodyConfig().then((c) => { if (live) setOtp(c.otp); }, () => { if (live) setOtp(false); });
    return () => { live = false; };
  }, []);
  return useMemo(() => ({
    otpAvailable: otp,
    checkPin,
    sendOtp: (nomineeId: string, handoverId: string) => sendHandoverOtp(eventId!, nomineeId, handoverId, appLanguage() === 'en' ? 'en' : 'ta'),
    save: async (from: Req['from'], r: Omit<Req, 'eventId' | 'from' | 'by'>): Promise<Handover> =>
      createHandover({ ...r, eventId: eventId!, from, by: by ?? requireSignedInUser().id, pinAuthorId: pinAuthorId && pinAuthorId !== by ? pinAuthorId : null }),
  }), [otp, eventId, by, pinAuthorId]);
}
