// How a function speaks (issue 30 item 5): a funeral is a function of mourning. Its receipts, messages
// and moi book carry no celebration — no "thank you for coming!", no festive colour — but the
// customary words of condolence: அஞ்சலி (homage to the departed; "கண்ணீர் அஞ்சலி", tearful homage, as
// printed on funeral notices) and, for the family's thanks to those who came, "எங்கள் துயரில் பங்கு
// கொண்டமைக்கு நன்றி" (thank you for sharing in our grief) — said quietly, without an exclamation mark.
// இரங்கல் (condolence) is what a guest offers the family, so the family's own papers do not use it of
// themselves. Pure and zod-free: the device, the server's messages and the moi book all read it.
export type FunctionTone = 'celebration' | 'mourning';

export const mourningFunctionTypes: readonly string[] = ['funeral'];

export const functionTone = (functionType: string | null | undefined): FunctionTone =>
  functionType && mourningFunctionTypes.includes(functionType) ? 'mourning' : 'celebration';

export const isMourning = (functionType: string | null | undefined): boolean => functionTone(functionType) === 'mourning';
