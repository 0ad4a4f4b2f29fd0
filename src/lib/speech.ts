// Spoken read-back in Tamil (issue 18): "மதுரை கண்ணன், ஆயிரத்து ஒரு ரூபாய்", through the Web Speech
// API, only when the device has a Tamil voice. Off by default; speaking is queued by the browser and
// never awaited, so it cannot hold up a save.
import { numberToWordsTa } from '../../report/amount-in-words';

/** The words spoken for one gift: village and name, then the amount as said ("… ஒரு ரூபாய்"). */
export function spokenTamil(e: { name: string; village: string; amount: number | null; item?: string }): string {
  const who = [e.village.trim(), e.name.trim()].filter(Boolean).join(' ');
  if (!e.amount) return [who, e.item?.trim()].filter(Boolean).join(', ');
  // Before ரூபாய் the spoken form of "one" is ஒரு (ஆயிரத்து ஒரு ரூபாய்), as with லட்சம் (ஒரு லட்சம்).
  const words = numberToWordsTa(e.amount).replace(/ஒன்று$/, 'ஒரு');
  return `${who}, ${words} ரூபாய்`;
}

export function tamilVoice(): SpeechSynthesisVoice | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return null;
  return window.speechSynthesis.getVoices().find((v) => v.lang.toLowerCase().startsWith('ta')) ?? null;
}

/** Speaks the text when a Tamil voice exists; false when none (nothing is said in another voice). */
export function speakTamil(text: string): boolean {
  const voice = tamilVoice();
  if (!voice || !text) return false;
  try {
    const u = new SpeechSynthesisUtterance(text);
    u.voice = voice;
    u.lang = voice.lang;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(u);
    return true;
  } catch {
    return false;
  }
}
