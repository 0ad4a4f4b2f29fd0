// Sharing a receipt as text: WhatsApp (wa.me), SMS (sms:) when the giver left a mobile, and the
// Web Share API where the browser has it. Indian mobiles get the +91 prefix.
export const waLink = (mobile: string, text: string) => `https://wa.me/91${mobile}?text=${encodeURIComponent(text)}`;
export const smsLink = (mobile: string, text: string) => `sms:+91${mobile}?body=${encodeURIComponent(text)}`;

export const canWebShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export async function webShare(title: string, text: string): Promise<boolean> {
  if (!canWebShare()) return false;
  try {
    await navigator.share({ title, text });
    return true;
  } catch {
    return false; // cancelled by the user
  }
}
